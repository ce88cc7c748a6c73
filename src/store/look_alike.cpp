#include "store/look_alike.hpp"

#include <dlfcn.h>

// Only the C API's declarations and the version macros: nothing here links ICU.
#define U_SHOW_CPLUSPLUS_API 0  // NOLINT(cppcoreguidelines-macro-usage)
#include <unicode/uspoof.h>
#include <unicode/uvernum.h>

#include "crowns/names.hpp"

// ICU renames every entry point with its version ("uspoof_open_72"); the header's macros
// give the name this build was compiled against, as a string for dlsym.
#define CROWNS_ICU_SYMBOL_TEXT(x) #x                    // NOLINT
#define CROWNS_ICU_SYMBOL(x) CROWNS_ICU_SYMBOL_TEXT(x)  // NOLINT

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

namespace {

// The TR39 skeleton of `text`, or none when ICU refuses it.
std::optional<std::string> skeleton(const SpoofChecker& sc, const std::string& text) {
  std::string key(text.size() * 4 + 16, '\0');
  for (int attempt = 0; attempt < 2; ++attempt) {
    UErrorCode status = U_ZERO_ERROR;
    const int32_t n = sc.skeleton(sc.checker, 0, text.data(), static_cast<int32_t>(text.size()),
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

// Folded before (Cyrillic "а" is "a" only in lower case) and after (the skeleton of "0" is
// "O"): the key that catches look-alikes that differ in case as well.
std::optional<std::string> folded_skeleton(const SpoofChecker& sc, std::string_view text) {
  const auto key = skeleton(sc, fold_case(text));
  if (!key) return std::nullopt;
  return fold_case(*key);
}

}  // namespace

std::optional<bool> look_alike(std::string_view a, std::string_view b) {
  const SpoofChecker* sc = spoof_checker();
  if (sc == nullptr) return std::nullopt;
  const auto a_key = skeleton(*sc, std::string(a));
  const auto b_key = skeleton(*sc, std::string(b));
  if (!a_key || !b_key) return std::nullopt;
  if (*a_key == *b_key) return true;
  const auto a_folded = folded_skeleton(*sc, a);
  const auto b_folded = folded_skeleton(*sc, b);
  if (!a_folded || !b_folded) return std::nullopt;
  return *a_folded == *b_folded;
}

}  // namespace crowns::store
