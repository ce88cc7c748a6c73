// Exits 1 when one file's Probe ran the other's members (the clash seen), else 0.
#include <cstdio>

int first_value();
int second_value();

int main() {
  const int first = first_value();
  const int second = second_value();
  if (first == 1 && second == 2) return 0;
  std::printf("ODR clash seen: crowns::Probe gave %d and %d, not 1 and 2\n", first, second);
  return 1;
}
