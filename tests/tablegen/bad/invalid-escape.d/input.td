def A {
  string s = "a\qb";
}
