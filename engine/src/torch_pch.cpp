// The translation unit that owns the precompiled LibTorch header (engine/CMakeLists.txt).
