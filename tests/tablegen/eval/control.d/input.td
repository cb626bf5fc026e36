// foreach, if, defvar, defset, assert.
class R<int i> { int idx = i; }
foreach i = [1, 2, 3] in
  def R # i : R<i>;
foreach i = {4-6} in {
  defvar sq = !mul(i, i);
  def S # i : R<sq>;
}
foreach i = 0...1 in
  foreach j = ["a", "b"] in
    def T # i # j : R<i>;
defvar limit = 2;
foreach i = [1, 2, 3] in {
  if !le(i, limit) then {
    def Small # i : R<i>;
  } else {
    def Big # i : R<i>;
  }
}
defset list<R> Set = {
  def M1 : R<1>;
  def M2 : R<2>;
}
def Holder { list<R> all = Set; int n = !size(Set); }
assert !eq(limit, 2), "limit is two";
class Checked<int n> {
  assert !gt(n, 0), "n must be positive";
  int v = n;
}
def OK : Checked<3>;
multiclass MC<list<int> ks> {
  foreach k = ks in def _ # k : R<k>;
  if !gt(!size(ks), 1) then def _many : R<0>;
}
defm MCX : MC<[7, 8]>;
