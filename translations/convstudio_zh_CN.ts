<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>DeviceText</name>
    <message>
        <location filename="../widgets/device_text.cpp" line="+12"/>
        <source>this LibTorch build is CPU-only (no CUDA compiled in)</source>
        <translation>此 LibTorch 版本仅支持 CPU（未编译 CUDA）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no NVIDIA driver found (libcuda.so.1 cannot be loaded)</source>
        <translation>未找到 NVIDIA 驱动（无法加载 libcuda.so.1）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the NVIDIA driver is loaded but sees no CUDA device</source>
        <translation>NVIDIA 驱动已加载，但未发现 CUDA 设备</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the CUDA runtime reports an error: %1</source>
        <translation>CUDA 运行时报告错误：%1</translation>
    </message>
</context>
<context>
    <name>convstudio::AboutDialog</name>
    <message>
        <location filename="../app/gui/about_dialog.cpp" line="+14"/>
        <source>About ConvStudio</source>
        <translation>关于 ConvStudio</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;h2&gt;ConvStudio %1&lt;/h2&gt;&lt;p&gt;A native studio for building and training convolutional networks with LibTorch, on the CPU or CUDA GPUs.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;ConvStudio %1&lt;/h2&gt;&lt;p&gt;基于 LibTorch 的原生卷积神经网络搭建与训练工作室，支持 CPU 和 CUDA GPU。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>convstudio::MainWindow</name>
    <message>
        <location filename="../app/gui/main_window.cpp" line="+20"/>
        <source>ConvStudio</source>
        <translation>ConvStudio</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Full Screen</source>
        <translation>全屏(&amp;F)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Reset Layout</source>
        <translation>重置布局(&amp;R)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;About ConvStudio</source>
        <translation>关于 ConvStudio(&amp;A)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>About &amp;Qt</source>
        <translation>关于 &amp;Qt</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Device: cuda:0 %1</source>
        <translation>设备：cuda:0 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Device: CPU (%1 threads); CUDA not available</source>
        <translation>设备：CPU（%1 线程）；CUDA 不可用</translation>
    </message>
</context>
<context>
    <name>convstudio::StartPage</name>
    <message>
        <location filename="../widgets/start_page.cpp" line="+30"/>
        <source>ConvStudio</source>
        <translation>ConvStudio</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Build convolutional networks from blocks, train them on the CPU or a CUDA GPU, and export them to the tools you already use.</source>
        <translation>用积木块搭建卷积神经网络，在 CPU 或 CUDA GPU 上训练，并导出到您常用的工具中。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Compute devices</source>
        <translation>计算设备</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Built-in example</source>
        <translation>内置示例</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>CPU: %1 (%2 threads)</source>
        <translation>CPU：%1（%2 线程）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>GPU cuda:%1: %2, %3</source>
        <translation>GPU cuda:%1：%2，%3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>CUDA is not available: %1</source>
        <translation>CUDA 不可用：%1</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Fashion-MNIST: 70,000 grayscale 28×28 images of clothing in 10 classes, found in %1 (%2 compressed).</source>
        <translation>Fashion-MNIST：70,000 张 28×28 灰度服装图像，共 10 类，位于 %1（压缩后 %2）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Fashion-MNIST is missing from %1 (%2). Install the Debian package dataset-fashion-mnist.</source>
        <translation>%1 中缺少 Fashion-MNIST（%2）。请安装 Debian 软件包 dataset-fashion-mnist。</translation>
    </message>
</context>
<context>
    <name>convstudio::SystemFactsView</name>
    <message>
        <location filename="../widgets/system_facts_view.cpp" line="+12"/>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Versions</source>
        <translation>版本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ConvStudio</source>
        <translation>ConvStudio</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LibTorch</source>
        <translation>LibTorch</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(CUDA-enabled)</source>
        <translation>（支持 CUDA）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>(CPU-only)</source>
        <translation>（仅 CPU）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CUDA (compiled)</source>
        <translation>CUDA（编译版本）</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+2"/>
        <source>not compiled in</source>
        <translation>未编译</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>cuDNN</source>
        <translation>cuDNN</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>OpenCV</source>
        <translation>OpenCV</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Qt</source>
        <translation>Qt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Compute devices</source>
        <translation>计算设备</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1, %2 hardware threads, LibTorch uses %3</source>
        <translation>%1，%2 个硬件线程，LibTorch 使用 %3 个</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>CUDA</source>
        <translation>CUDA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not available: %1</source>
        <translation>不可用：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1, %2, compute capability %3.%4</source>
        <translation>%1，%2，计算能力 %3.%4</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/gui/main.cpp" line="+19"/>
        <source>Build and train convolutional networks</source>
        <translation>搭建并训练卷积神经网络</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Interface language, e.g. zh_CN or en.</source>
        <translation>界面语言，例如 zh_CN 或 en。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open the built-in example (Fashion-MNIST).</source>
        <translation>打开内置示例（Fashion-MNIST）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save a picture of the window to FILE and quit.</source>
        <translation>将窗口截图保存到 FILE 后退出。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Milliseconds to wait before the screenshot.</source>
        <translation>截图前等待的毫秒数。</translation>
    </message>
</context>
</TS>
