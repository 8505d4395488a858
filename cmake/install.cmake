# `cmake --install build [--prefix P]`: the `ringline` command (bin/), the standard library
# (share/ringline/stdlib, where the command and the library look when the source tree is
# gone), the public headers (include/ringline/) and the library as static archives with a
# CMake package, so that another project's
#   find_package(ringline REQUIRED)
#   target_link_libraries(app PRIVATE ringline::ringline)
# builds against include/ringline/ringline.h and tools.h (test/install checks it).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# The library API's archives: the public face (rl_api, the tools rl_advise and rl_stats)
# and every phase below it they link.
set(RL_EXPORTED rl_api rl_advise rl_stats rl_check rl_json rl_parse rl_ast rl_diag rl_units rl_grammar rl_ir
    rl_kernel_abi rl_sample_abi rl_passes rl_interp rl_codegen rl_jit rl_runtime rl_mpi)
# One name for all of them.
add_library(rl_public INTERFACE)
target_link_libraries(rl_public INTERFACE rl_api rl_advise rl_stats)
set_target_properties(rl_public PROPERTIES EXPORT_NAME ringline)
target_compile_definitions(rl_api PRIVATE
  RL_INSTALLED_STDLIB_DIR="${CMAKE_INSTALL_FULL_DATADIR}/ringline/stdlib")

install(TARGETS ringline RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${RL_STDLIB_DIR}/ DESTINATION ${CMAKE_INSTALL_DATADIR}/ringline/stdlib)
install(FILES include/ringline/ringline.h include/ringline/tools.h include/ringline/value.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/ringline)
install(TARGETS ${RL_EXPORTED} rl_public EXPORT ringlineTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}/ringline)
install(EXPORT ringlineTargets NAMESPACE ringline:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/ringline)

# The dependencies the archives link, found again by the consumer's find_package.
set(RL_NEEDS_MPI ${RINGLINE_MPI})
configure_package_config_file(cmake/ringlineConfig.cmake.in ${CMAKE_BINARY_DIR}/ringlineConfig.cmake
                              INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/ringline)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/ringlineConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/ringlineConfig.cmake ${CMAKE_BINARY_DIR}/ringlineConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/ringline)
