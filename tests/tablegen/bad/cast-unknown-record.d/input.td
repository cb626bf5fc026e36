class C;
def A {
  C r = !cast<C>("Nope");
}
