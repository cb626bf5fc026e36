def A {
  int x = !if(1, 1, "a");
}
