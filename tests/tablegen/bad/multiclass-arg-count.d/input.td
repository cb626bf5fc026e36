multiclass M<int a> {
  def _x { int v = a; }
}
defm A : M<1, 2, 3>;
