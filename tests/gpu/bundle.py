"""Packs a build's programs for the GPU check into one archive that runs on a lent GPU machine
which has its own PyTorch (the same LibTorch version the build used) but none of Debian's
libraries: `tests/gpu/run.sh OUT ROOT` then runs there with ROOT = the unpacked archive.

usage: bundle.py BUILD_DIR ARCHIVE.tar.xz

What goes in, and why:
- bin/: convstudio-cli(-engine), gpu_check_tests, gpu_cockpit_shot (debug info stripped);
  lib/convstudio/: the CUDA add-on, in the convstudio-cuda package's place beside bin/.
- lib/: every shared library those need that is neither LibTorch's nor NVIDIA's nor the C
  runtime's (the lent machine's PyTorch brings the first two; its system the third).
- Stand-ins for the few libraries Debian's OpenCV image codecs link but never need for PNG or
  JPEG (GDAL, GDCM, OpenEXR, with their own large dependency trees): each stand-in defines the
  functions the codecs name, returning zero. Written
  by hand because no tool makes such stand-ins; they keep the archive under the machine's
  64 MiB transfer limit.
- plugins/platforms/libqoffscreen.so, fonts/ (DejaVu Sans, WenQuanYi Micro Hei for Chinese) and
  a fonts.conf, so the cockpit draws offscreen with real text.
- env.sh: sourced there; finds the machine's torch and NVIDIA libraries and sets the paths.
"""
import lzma
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile

PROGRAMS = ["convstudio-cli", "convstudio-cli-engine", "gpu_check_tests", "gpu_cockpit_shot"]
QT_PLATFORM_PLUGIN = "/usr/lib/x86_64-linux-gnu/qt6/plugins/platforms/libqoffscreen.so"
FONTS = ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
         "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
         "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"]
# Never bundled: the machine's PyTorch and NVIDIA wheels provide these, its system the rest.
PROVIDED = re.compile(r"^(libtorch|libc10|libcu|libnv|libnccl|libcudnn|libgomp|libshm|"
                      r"libc\.so|libm\.so|libdl\.so|libpthread|librt\.so|ld-linux|libstdc\+\+|"
                      r"libgcc_s|libresolv|libutil|libmvec)")
STAND_INS = ["libgdal.so.32", "libgdcmMSFF.so.3.0", "libgdcmDSED.so.3.0", "libOpenEXR-3_1.so.30"]

ENV_SH = r"""# Sourced on the GPU machine: ConvStudio's bundle first, then that machine's LibTorch and NVIDIA
# libraries (from its python3's torch wheel).
bundle=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
site=$(python3 -c 'import os, torch; print(os.path.dirname(os.path.dirname(torch.__file__)))')
nvidia=$(find "$site/nvidia" -maxdepth 3 -type d -name lib 2>/dev/null | tr '\n' ':')
export LD_LIBRARY_PATH="$bundle/lib:$site/torch/lib:$nvidia${LD_LIBRARY_PATH:-}"
export QT_PLUGIN_PATH="$bundle/plugins"
export FONTCONFIG_FILE="$bundle/fonts/fonts.conf"
export QT_QPA_PLATFORM=offscreen
"""

FONTS_CONF = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig><dir prefix="relative">.</dir><cachedir>/tmp/convstudio-fontconfig</cachedir></fontconfig>
"""


def needed(path):
    out = subprocess.run(["readelf", "-d", path], capture_output=True, text=True).stdout
    return re.findall(r"\(NEEDED\)\s+Shared library: \[(.+?)\]", out)


def resolve(name):
    for folder in ["/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/usr/lib"]:
        candidate = os.path.join(folder, name)
        if os.path.exists(candidate):
            return os.path.realpath(candidate)
    return None


def closure(roots):
    """Library name -> real path, for everything the roots need that must travel."""
    found, pending = {}, list(roots)
    while pending:
        for name in needed(pending.pop()):
            if name in found or PROVIDED.match(name) or name in STAND_INS:
                continue
            path = resolve(name)
            if path is None:
                continue  # from the build's own run path (LibTorch): provided there
            found[name] = path
            pending.append(path)
    return found


def undefined_functions(paths):
    names = set()
    for path in paths:
        out = subprocess.run(["nm", "-D", "--undefined-only", path], capture_output=True,
                             text=True).stdout
        names.update(line.split()[-1] for line in out.splitlines() if line.strip())
    return names


def write_stand_in(name, wanted, folder):
    real = resolve(name)
    out = subprocess.run(["nm", "-D", "--defined-only", real], capture_output=True,
                         text=True).stdout
    functions = sorted(f[2] for f in (line.split() for line in out.splitlines())
                       if len(f) == 3 and f[1] in "TW" and f[2] in wanted)
    source = os.path.join(folder, name + ".c")
    with open(source, "w") as c:
        # Each returns zero: OpenCV calls some at start-up (GDALAllRegister when its codec table
        # is built, constructors of static objects); the codecs they serve (GDAL rasters, DICOM,
        # OpenEXR) are never reached by the check, which reads PNG and JPEG.
        for function in functions:
            c.write(f"long {function}(void) {{ return 0; }}\n")
    subprocess.run(["cc", "-shared", "-fPIC", "-O1", f"-Wl,-soname,{name}", "-o",
                    os.path.join(folder, name), source], check=True)
    os.remove(source)
    return len(functions)


def main():
    build, archive = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as scratch:
        root = os.path.join(scratch, "convstudio-gpu")
        for sub in ["bin", "lib/convstudio", "plugins/platforms", "fonts"]:
            os.makedirs(os.path.join(root, sub))
        programs = [os.path.join(build, "bin", p) for p in PROGRAMS]
        plugin = os.path.join(build, "lib/convstudio/libconvstudio_cuda.so")
        for path in programs:
            subprocess.run(["strip", "--strip-debug", "-o",
                            os.path.join(root, "bin", os.path.basename(path)), path], check=True)
        subprocess.run(["strip", "--strip-debug", "-o",
                        os.path.join(root, "lib/convstudio/libconvstudio_cuda.so"), plugin],
                       check=True)
        shutil.copy(QT_PLATFORM_PLUGIN, os.path.join(root, "plugins/platforms"))
        libraries = closure(programs + [plugin, QT_PLATFORM_PLUGIN])
        for name, path in sorted(libraries.items()):
            subprocess.run(["strip", "--strip-debug", "-o", os.path.join(root, "lib", name), path],
                           check=True)
        wanted = undefined_functions([os.path.join(root, "lib", n) for n in libraries])
        for name in STAND_INS:
            count = write_stand_in(name, wanted, os.path.join(root, "lib"))
            print(f"stand-in {name}: {count} functions")
        for font in FONTS:
            shutil.copy(font, os.path.join(root, "fonts"))
        with open(os.path.join(root, "fonts/fonts.conf"), "w") as f:
            f.write(FONTS_CONF)
        with open(os.path.join(root, "env.sh"), "w") as f:
            f.write(ENV_SH)
        # The strongest xz setting: the archive, the repository and a data set must fit the GPU
        # machine's 64 MiB transfer together (preset 3 gave 38.7 MiB, 9e 33.7 MiB).
        with tarfile.open(archive, "w:xz", preset=9 | lzma.PRESET_EXTREME) as tar:
            tar.add(root, arcname="convstudio-gpu")
    print(f"{archive}: {len(libraries)} libraries, {os.path.getsize(archive) / 2**20:.1f} MiB")


if __name__ == "__main__":
    main()
