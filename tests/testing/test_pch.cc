// Builds testing/test_pch.h's precompiled header, which every test program reuses
// (tests/CMakeLists.txt); it has no code of its own.
