class C<int n> { assert !gt(n, 0), "n must be positive"; }
def bad : C<0>;
