// List operators, slices, !foreach/!filter/!foldl.
class Item<int v> { int val = v; }
def I1 : Item<1>;
def I2 : Item<2>;
def I3 : Item<3>;
def Lists {
  list<int> l = [1, 2, 3, 4, 5];
  list<int> cat = !listconcat(l, [6], [7, 8]);
  list<string> splat = !listsplat("x", 3);
  list<int> rem = !listremove(l, [2, 4]);
  int head = !head(l);
  list<int> tail = !tail(l);
  int size = !size(l);
  int empty = !empty([]<int>);
  list<int> sq = !foreach(x, l, !mul(x, x));
  list<int> odd = !filter(x, l, !eq(!and(x, 1), 1));
  int sum = !foldl(0, l, acc, x, !add(acc, x));
  list<int> slice = l[1, 3];
  int elem = l[2];
  list<int> range = l[0-2];
  list<Item> items = [I1, I2, I3];
  list<int> vals = !foreach(i, items, i.val);
  int total = !foldl(0, items, a, i, !add(a, i.val));
  list<int> pasted = l # [9];
}
