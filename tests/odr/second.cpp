// The other definition of crowns::Probe: another layout, another value.
namespace crowns {
struct Probe {
  Probe() : value(2) {}
  [[nodiscard]] int get() const { return value; }
  long padding = 0;
  int value;
};
}  // namespace crowns

int second_value() {
  const crowns::Probe probe;
  return probe.get();
}
