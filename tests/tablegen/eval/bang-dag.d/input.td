// Dag values and dag operators.
def ops;
def ins;
def outs;
class A { int x = 1; }
def a1 : A;
def Dags {
  dag d = (ops a1:$x, 1, "s", ?:$y, (ins):$z, [1, 2]);
  dag named = (ops:$opname a1);
  dag con = !con((ops a1:$p), (ops 2:$q));
  dag mk = !dag(ops, [1, 2], ["a", "b"]);
  dag mk2 = !dag(ins, ?, ["n"]);
  dag setop = !setdagop(d, outs);
  A getop = !getdagop<A>((a1 1));
  int size = !size(d);
  int empty = !empty((ops));
  dag fe = !foreach(v, (ops a1, a1:$n), v);
  bit isa = !isa<A>(a1);
  bit exists = !exists<A>("a1");
  bit notexists = !exists<A>("nope");
}
