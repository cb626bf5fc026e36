// Template arguments, defaults, multiple inheritance, superclass order,
// let, field, NAME, anonymous instantiation.
class Named<string n> { string name = n; }
class Counter<int start = 5, int step = !mul(start, 2)> {
  int first = start;
  int second = !add(start, step);
}
class Both<string n, int s> : Named<n>, Counter<s> {
  field int extra = 7;
  string self = NAME;
}
def X : Both<"x", 1>;
def Y : Both<"y", 2> { let extra = 9; let name = "override"; }
class Wrap<Named n> { Named inner = n; string innerName = n.name; }
def W : Wrap<Named<"anon">>;
def W2 : Wrap<Named<"anon">>;
def W3 : Wrap<Named<"other">>;
def : Named<"unnamed">;
class Late { int a = 1; int b = !add(a, 1); }
def L : Late { let a = 10; }
let name = "fromLet" in
def Z : Named<"z">;
let first = 100, second = 200 in {
  def C1 : Counter;
  def C2 : Counter<1, 1>;
}
class Fwd;
class Fwd { int v = 3; }
def F : Fwd;
def Unset { int u; string s = ?; list<int> l = ?; bits<4> bs; }
