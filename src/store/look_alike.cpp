#include "store/look_alike.hpp"

#include <dlfcn.h>

// Only the C API's declarations and the version macros: nothing here links ICU.
#define U_SHOW_CPLUSPLUS_API 0  // NOLINT(cppcoreguidelines-macro-usage)
#include <unicode/uspoof.h>
#include <unicode/uvernum.h>

#include "crowns/names.hpp"

// ICU renames every entry point with its version ("uspoof_open_72"); the header's macros
// give the name this build was compiled against, as a string for dlsym.
#define CROWNS_ICU_SYMBOL_TEXT(x) #x                           // NOLINT
#define CROWNS_ICU_SYMBOL(x) CROWNS_ICU_SYMBOL_TEXT(x)          // NOLINT

namespace crowns::store {
namespace {

struct SpoofChecker {
  decltype(&uspoof_getSkeletonUTF8) skeleton = nullptr;
  USpoofChecker* checker = nullptr;
};

template <class Function>
Function symbol(void* library, const char* name) {
  return reinterpret_cast<Function>(dlsym(library, name));  // NOLINT
}

// Loaded once, on first use; kept for the life of the process (as the library is).
const SpoofChecker* spoof_checker() {
  static const SpoofChecker loaded = [] {
    SpoofChecker sc;
    void* library = dlopen("libicui18n.so." U_ICU_VERSION_SHORT, RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) return sc;
    const auto open = symbol<decltype(&uspoof_open)>(library, CROWNS_ICU_SYMBOL(uspoof_open));
    sc.skeleton = symbol<decltype(&uspoof_getSkeletonUTF8)>(
        library, CROWNS_ICU_SYMBOL(uspoof_getSkeletonUTF8));
    if (open == nullptr || sc.skeleton == nullptr) return sc;
    UErrorCode status = U_ZERO_ERROR;
    USpoofChecker* checker = open(&status);
    if (U_SUCCESS(status)) sc.checker = checker;
    return sc;
  }();
  return loaded.checker != nullptr ? &loaded : nullptr;
}

}  // namespace

std::optional<std::string> look_alike_key(std::string_view name) {
  const SpoofChecker* sc = spoof_checker();
  if (sc == nullptr) return std::nullopt;
  const std::string folded = fold_case(name);
  std::string key(folded.size() * 4 + 16, '\0');
  for (int attempt = 0; attempt < 2; ++attempt) {
    UErrorCode status = U_ZERO_ERROR;
    const int32_t n =
        sc->skeleton(sc->checker, 0, folded.data(), static_cast<int32_t>(folded.size()),
                     key.data(), static_cast<int32_t>(key.size()), &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) {
      key.assign(static_cast<std::size_t>(n) + 1, '\0');
      continue;
    }
    if (U_FAILURE(status)) return std::nullopt;
    key.resize(static_cast<std::size_t>(n));
    return key;
  }
  return std::nullopt;
}

}  // namespace crowns::store
