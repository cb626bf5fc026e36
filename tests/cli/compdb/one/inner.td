// inner.td of one/: op one.y takes one operand.
def One_Dialect : Dialect { let name = "one"; }
def Y_Op : Op<One_Dialect, "y"> {
  let arguments = (ins AnyType:$a);
  let results = (outs AnyType:$r);
}
