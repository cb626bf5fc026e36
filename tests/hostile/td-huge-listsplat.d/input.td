def x {
  list<int> l = !listsplat(0, 1000000000);
}
