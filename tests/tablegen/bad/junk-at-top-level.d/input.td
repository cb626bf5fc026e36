def A;
foo bar;
