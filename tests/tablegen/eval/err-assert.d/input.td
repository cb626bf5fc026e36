assert !eq(1, 2), "one is not two";
