# The Debian package: `cmake --build BUILD --target package` makes crowns_VERSION_ARCH.deb
# with crowns, its helper crowns-serve, the man page, the completions and the docs; the
# dependencies are read off the binaries by dpkg-shlibdeps. lintian on it reports no error
# (.ci/package checks both).
include(GNUInstallDirs)
set(CROWNS_DOC_DIR ${CMAKE_INSTALL_DATADIR}/doc/crowns)

# Debian wants the man page and the changelog compressed the way it does (gzip -9n: no name
# or time stamp, so the same input gives the same bytes).
set(CROWNS_PACKAGE_DIR ${CMAKE_BINARY_DIR}/package)
add_custom_command(
  OUTPUT ${CROWNS_PACKAGE_DIR}/crowns.1.gz ${CROWNS_PACKAGE_DIR}/changelog.gz
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CROWNS_PACKAGE_DIR}
  COMMAND gzip -9n -c ${CROWNS_DOCS_DIR}/man/man1/crowns.1 > ${CROWNS_PACKAGE_DIR}/crowns.1.gz
  COMMAND gzip -9n -c ${CMAKE_SOURCE_DIR}/packaging/changelog > ${CROWNS_PACKAGE_DIR}/changelog.gz
  DEPENDS ${CROWNS_DOCS_DIR}/man/man1/crowns.1 ${CMAKE_SOURCE_DIR}/packaging/changelog
  COMMENT "Compressing the man page and the changelog for the package")
add_custom_target(crowns_package_files ALL DEPENDS ${CROWNS_PACKAGE_DIR}/crowns.1.gz)

install(FILES ${CROWNS_PACKAGE_DIR}/crowns.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${CROWNS_PACKAGE_DIR}/changelog.gz ${CMAKE_SOURCE_DIR}/packaging/copyright
        DESTINATION ${CROWNS_DOC_DIR})
install(FILES ${CMAKE_SOURCE_DIR}/README.md DESTINATION ${CROWNS_DOC_DIR})
file(GLOB CROWNS_DOC_PAGES ${CMAKE_SOURCE_DIR}/docs/*.md)
install(FILES ${CROWNS_DOC_PAGES} DESTINATION ${CROWNS_DOC_DIR}/docs)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME crowns)
set(CPACK_PACKAGE_VENDOR "the crowns developers")
set(CPACK_PACKAGE_CONTACT "crowns developers <crowns@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "scorekeeper and hand analyzer for the card game Five Crowns")
set(CPACK_PACKAGE_DESCRIPTION
    "crowns keeps the score of Five Crowns games in one SQLite file: players,\n rounds, corrections, ties, seasons, ratings and reports. It finds the exact\n lowest-scoring lay-down of a hand, advises on moves, plays the solitaire\n variant, and serves a live scorecard to the phones at the table.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION utils)  # "games" is for games, not score sheets
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Look-alike player names are checked with ICU, opened at run time (src/store/look_alike.cpp).
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libicu72")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
include(CPack)
