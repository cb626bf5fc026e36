// inner.td of two/: op two.y takes two operands.
def Two_Dialect : Dialect { let name = "two"; }
def Y_Op : Op<Two_Dialect, "y"> {
  let arguments = (ins AnyType:$a, AnyType:$b);
  let results = (outs AnyType:$r);
}
