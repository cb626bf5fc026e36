def A {
  let y = 1;
}
