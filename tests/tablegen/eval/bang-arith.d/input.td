// Integer bang operators, comparisons and conversions.
def Arith {
  int add = !add(1, 2, 3);
  int sub = !sub(10, 3);
  int mul = !mul(2, 3, 4);
  int div = !div(-7, 2);
  int and = !and(12, 10);
  int or = !or(12, 10, 1);
  int xor = !xor(12, 10);
  int shl = !shl(1, 40);
  int sra = !sra(-16, 2);
  int srl = !srl(-16, 60);
  bit eq = !eq(3, 3);
  bit ne = !ne("a", "b");
  bit le = !le(2, 2);
  bit lt = !lt("abc", "abd");
  bit ge = !ge(1, 2);
  bit gt = !gt(5, 2);
  int not = !not(0);
  int log = !logtwo(1025);
  bits<8> b = 0b00001010;
  int fromBits = b;
  bits<4> slice = b{3-0};
  bits<3> sl2 = {b{1}, 1, 0};
  int neg = -5;
  int hex = 0x1F;
  bit t = true;
  bit f = false;
  bits<2> two = 2;
  int bitsToInt = !add(b, 1);
}
