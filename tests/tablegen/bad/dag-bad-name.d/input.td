def ins;
def A {
  dag d = (ins 1:$);
}
