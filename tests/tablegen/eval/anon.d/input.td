// Anonymous record numbering: anonymous defs and Class<args> share one
// counter; instantiations are uniqued by class and arguments.
class T<int n> { int v = n; }
class U<T t, int k> { T tt = t; T made = T<k>; list<T> both = [T<k>, T<!add(k, 1)>]; }
def : T<100>;
def A : U<T<1>, 2>;
def B : U<T<1>, 2>;
def C : U<T<2>, 5>;
def : T<1>;
class Cond<bit c> { T pick = !if(c, T<10>, T<20>); }
def D : Cond<0>;
def E : Cond<1>;
multiclass M<int n> {
  def : T<n>;
  def _x : U<T<n>, n>;
}
defm M1 : M<3>;
defm M2 : M<3>;
foreach i = [1, 2] in def : T<42>;
