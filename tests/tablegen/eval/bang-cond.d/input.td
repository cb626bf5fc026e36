// !if, !cond, !cast, !isa with class hierarchies.
class Base;
class Derived : Base;
def b : Base;
def d : Derived;
class C<int n> {
  string kind = !cond(!lt(n, 0) : "neg", !eq(n, 0) : "zero", true : "pos");
  int abs = !if(!lt(n, 0), !sub(0, n), n);
  Base rec = !if(!eq(n, 0), b, d);
  bit isD = !isa<Derived>(rec);
}
def Neg : C<-3>;
def Zero : C<0>;
def Pos : C<5>;
def Casts {
  Base fromStr = !cast<Base>("d");
  string toStr = !cast<string>(d);
  list<Base> l = [b, d];
}
