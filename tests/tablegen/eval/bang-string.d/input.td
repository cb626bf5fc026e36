// String operators and pasting.
defvar Strs = ["a", "b", "c"];
def Str {
  string cat = !strconcat("x", "y", "z");
  string paste = "pre" # "_" # 42;
  string inter = !interleave(Strs, ", ");
  string interInt = !interleave([1, 2, 3], "-");
  string sub = !substr("hello world", 6);
  string sub2 = !substr("hello world", 0, 5);
  int find = !find("hello", "ll");
  int findNo = !find("hello", "z", 1);
  string subst = !subst("l", "L", "hello");
  int size = !size("four");
  int empty = !empty("");
  string cast = !cast<string>(12);
  code c = [{ some code }];
  string codeCat = !strconcat([{a}], "b");
  string adj = "a" "b" "c";
  string esc = "tab\there \"q\" back\\slash\nnl";
}
def Paste # Str {
  string name = "p" # 1 # "q";
}
