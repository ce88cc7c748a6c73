// One of two definitions of crowns::Probe (see CMakeLists.txt): the clash is the point.
namespace crowns {
struct Probe {
  Probe() : value(1) {}
  [[nodiscard]] int get() const { return value; }
  int value;
};
}  // namespace crowns

int first_value() {
  const crowns::Probe probe;
  return probe.get();
}
