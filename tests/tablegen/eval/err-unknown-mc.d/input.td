multiclass M { def _a; }
defm x : N;
