// multiclass, defm, NAME, nested defm, multiclass inheritance.
class Inst<string m, int o> { string mnemonic = m; int opc = o; }
multiclass Pair<int base> {
  def _lo : Inst<NAME # "_lo", base>;
  def _hi : Inst<NAME # "_hi", !add(base, 1)>;
  def NAME # _full : Inst<NAME, base>;
  def : Inst<"anon", base>;
}
defm ADD : Pair<10>;
defm SUB : Pair<20>;
multiclass Quad<int base> {
  defm A : Pair<base>;
  defm B : Pair<!add(base, 2)>;
}
defm MUL : Quad<30>;
multiclass Derived<int b> : Pair<b> {
  def _extra : Inst<"extra", b>;
}
defm DIV : Derived<40>;
class Tag { int tag = 1; }
defm TAGGED : Pair<50>, Tag;
let opc = 99 in defm LET : Pair<60>;
defm : Pair<70>;
