def A {
  int x = 0x1234567890abcdef12;
}
