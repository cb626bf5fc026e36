foreach i = 0...2000000000 in
  def a#i;
