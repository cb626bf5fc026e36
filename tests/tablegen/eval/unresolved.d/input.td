// `field` values may stay unresolved: var, varbit and complex kinds.
class P<int n> { int v = n; }
def Unres {
  field int a;
  field int b = a;
  field bits<4> bs;
  field bits<2> part = bs{1-0};
  field bits<2> mixed = {bs{3}, 1};
  field int c = !add(a, 1);
  field dag d = (P<?> a);
  field P p = P<?>;
  field list<int> l = [a, 1];
  field string s = !strconcat("x", !cast<string>(a));
}
class Self { string me = NAME; Self ref = !cast<Self>(NAME); }
def S1 : Self;
