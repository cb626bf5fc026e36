// defvar scopes, let with bit ranges, code, list types, nested lists.
class Enc { bits<8> Inst = 0; field bits<4> Extra = 0b0011; }
def E1 : Enc { let Inst{7-4} = 0b1010; let Inst{0} = 1; }
let Inst<3-2> = 0b11 in def E2 : Enc;
defvar g = 5;
class V<int x> {
  int gx = !add(g, x);
  list<list<int>> nested = [[x], [x, g]];
  list<string> strs = [];
}
def V1 : V<1>;
foreach n = [1, 2] in {
  defvar local = !mul(n, 100);
  def Loc # n { int v = local; }
}
def Code { code body = [{
  multi "line" \n code
}]; }
class WithDag<dag d> { dag arg = d; }
def ins;
def WD : WithDag<(ins "s":$a, [1, 2]:$b, (ins):$c)>;
class Bit<bit b> { bit v = b; bits<1> one = b; int asInt = b; }
def B0 : Bit<0>;
def B1 : Bit<true>;
