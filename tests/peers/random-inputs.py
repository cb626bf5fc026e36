#!/usr/bin/env python3
"""random-inputs.py -- random TableGen, DRR and PDLL files for the peer
agreement suite tests/peers/random-agree.sh.

    random-inputs.py records SEED  a TableGen program: classes with
                                template arguments and defaults,
                                inheritance, let overrides, defvar,
                                late-bound fields, foreach,
                                multiclass/defm, if/then/else, defset and
                                the bang operators of LLVM 16
    random-inputs.py drr SEED   DRR patterns over a small ODS dialect,
                                in half of the files some with a mistake
                                (unbound names, wrong argument counts,
                                operand/attribute mix-ups, nested trees on
                                variadic operands, ...)
    random-inputs.py pdll SEED  PDLL patterns over the ops `random-inputs.py
                                ods` prints (included as "random-ods.td"),
                                a third with a mistake (undefined names and
                                ops, operand counts, benefits out of range,
                                missing or extra rewrites, ...)
    random-inputs.py ods        that dialect
    random-inputs.py run SEED DIR
                                DIR/patterns.pdll and DIR/input.mlir:
                                patterns and a fixture for `patlint run`
                                against the greedy driver
                                (tests/peers/random-run.sh)
    random-inputs.py run-drr SEED DIR
                                DIR/patterns.td (a dialect and DRR
                                patterns) and DIR/input.mlir, the same

The same seed always gives the same file.  The programs are mostly well
typed; the ones the peers (llvm-tblgen-16, mlir-tblgen-16, mlir-pdll-16)
reject test that patlint rejects them at the same place."""
import random
import sys


class Records:
    """A TableGen program, built top-down with the names in scope."""

    TYPES = ['int', 'bit', 'string', 'list<int>', 'list<string>', 'dag', 'bits<4>', 'bits<8>']

    def __init__(self, seed):
        self.r = random.Random(seed)
        self.count = 0
        self.out = []
        self.classes = []   # (name, [(type, name, default text)], [(type, field)])
        self.ancestors = {}  # class -> the classes it is (itself included)
        self.defs = []      # (name, [(type, field)])

    def fresh(self, prefix):
        self.count += 1
        return f"{prefix}{self.count}"

    def chance(self, p):
        return self.r.random() < p

    def names(self, env, ty):
        return [n for t, n in env if t == ty]

    # ---- expressions, by type; env lists the (type, name) in scope

    def e_int(self, env, d=0):
        vs = self.names(env, 'int')
        if d > 3 or self.chance(0.25):
            return self.r.choice(vs) if vs and self.chance(0.6) else str(self.r.randint(-20, 100))
        i = lambda: self.e_int(env, d + 1)
        op = self.r.choice(['add', 'sub', 'mul', 'and', 'or', 'xor', 'shift', 'div', 'logtwo',
                            'if', 'size', 'cond', 'find', 'foldl', 'head', 'cast', 'field',
                            'slice', 'dagsize', 'isa'])
        if op in ('add', 'sub', 'mul', 'and', 'or', 'xor'):
            return f"!{op}({i()}, {i()})"
        if op == 'shift':
            return f"!{self.r.choice(['shl', 'sra', 'srl'])}({i()}, {self.r.randint(0, 5)})"
        if op == 'div':
            return f"!div({i()}, {self.r.randint(1, 7)})"
        if op == 'logtwo':
            return f"!logtwo({self.r.choice([1, 2, 4, 16, 1024])})"
        if op == 'if':
            return f"!if({self.e_bit(env, d + 1)}, {i()}, {i()})"
        if op == 'size':
            return f"!size({self.e_ints(env, d + 1)})"
        if op == 'cond':
            return f"!cond({self.e_bit(env, d + 1)} : {i()}, true : {i()})"
        if op == 'find':
            return f"!find({self.e_str(env, d + 1)}, \"{self.r.choice(['a', 'b', 'x', ''])}\")"
        if op == 'foldl':
            return f"!foldl(0, {self.e_ints(env, d + 1)}, acc, x, !add(acc, x))"
        if op == 'head':
            return f"!head([{i()}, {i()}])"
        if op == 'cast':
            return f"!cast<int>({self.e_bit(env, d + 1)})"
        if op == 'field':
            fields = [(dn, f) for dn, fs in self.defs for t, f in fs if t == 'int']
            if fields:
                return "{}.{}".format(*self.r.choice(fields))
        if op == 'slice':
            bits = self.names(env, 'bits<8>')
            if bits:
                return f"!cast<int>({self.r.choice(bits)}{{{self.r.randint(4, 7)}-{self.r.randint(0, 3)}}})"
        if op == 'dagsize':
            return f"!size({self.e_dag(env, d + 1)})"
        if op == 'isa' and self.defs and self.classes:
            return f"!if(!isa<{self.r.choice(self.classes)[0]}>({self.r.choice(self.defs)[0]}), 1, 0)"
        return i()

    def e_bit(self, env, d=0):
        vs = self.names(env, 'bit')
        if d > 3 or self.chance(0.3):
            return self.r.choice(vs) if vs and self.chance(0.5) else self.r.choice(['0', '1', 'true', 'false'])
        op = self.r.choice(['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'streq', 'empty', 'and', 'or', 'not'])
        if op == 'streq':
            return f"!eq({self.e_str(env, d + 1)}, {self.e_str(env, d + 1)})"
        if op == 'empty':
            return f"!empty({self.e_ints(env, d + 1)})"
        if op in ('and', 'or'):
            return f"!{op}({self.e_bit(env, d + 1)}, {self.e_bit(env, d + 1)})"
        if op == 'not':
            return f"!not({self.e_bit(env, d + 1)})"
        return f"!{op}({self.e_int(env, d + 1)}, {self.e_int(env, d + 1)})"

    def e_str(self, env, d=0):
        vs = self.names(env, 'string')
        if d > 3 or self.chance(0.3):
            if vs and self.chance(0.6):
                return self.r.choice(vs)
            return '"' + self.r.choice(['a', 'b', 'ab', 'xyz', '', 'A_b', 'x.y']) + '"'
        s = lambda: self.e_str(env, d + 1)
        op = self.r.choice(['strconcat', 'paste', 'if', 'cast', 'substr', 'subst', 'interleave', 'cond'])
        if op == 'strconcat':
            return f"!strconcat({s()}, {s()})"
        if op == 'paste':
            return f"!strconcat({s()}, {s()} # {s()})"
        if op == 'if':
            return f"!if({self.e_bit(env, d + 1)}, {s()}, {s()})"
        if op == 'cast':
            return f"!cast<string>({self.e_int(env, d + 1)})"
        if op == 'substr':
            return f"!substr({s()}, 0, {self.r.randint(0, 4)})"
        if op == 'subst':
            return f"!subst(\"a\", {s()}, {s()})"
        if op == 'interleave':
            return f"!interleave({self.e_strs(env, d + 1)}, \", \")"
        return f"!cond({self.e_bit(env, d + 1)} : {s()}, true : {s()})"

    def e_ints(self, env, d=0):
        vs = self.names(env, 'list<int>')
        if d > 3 or self.chance(0.3):
            if vs and self.chance(0.5):
                return self.r.choice(vs)
            k = self.r.randint(0, 4)
            return '[' + ', '.join(str(self.r.randint(-5, 30)) for _ in range(k)) + (']' if k else ']<int>')
        l = lambda: self.e_ints(env, d + 1)
        op = self.r.choice(['listconcat', 'foreach', 'filter', 'tail', 'listsplat', 'if', 'literal'])
        if op == 'listconcat':
            return f"!listconcat({l()}, {l()})"
        if op == 'foreach':
            return f"!foreach(x, {l()}, !add(x, {self.r.randint(0, 9)}))"
        if op == 'filter':
            return f"!filter(x, {l()}, !gt(x, {self.r.randint(0, 9)}))"
        if op == 'tail':
            return f"!tail([{self.e_int(env, d + 1)}, {self.e_int(env, d + 1)}])"
        if op == 'listsplat':
            return f"!listsplat({self.e_int(env, d + 1)}, {self.r.randint(0, 3)})"
        if op == 'if':
            return f"!if({self.e_bit(env, d + 1)}, {l()}, {l()})"
        return '[' + ', '.join(self.e_int(env, d + 1) for _ in range(self.r.randint(1, 3))) + ']'

    def e_strs(self, env, d=0):
        vs = self.names(env, 'list<string>')
        if self.chance(0.05):
            return '[]<string>'
        if d > 3 or self.chance(0.4):
            if vs and self.chance(0.5):
                return self.r.choice(vs)
        elif self.chance(0.5):
            if self.chance(0.5):
                return f"!listconcat({self.e_strs(env, d + 1)}, {self.e_strs(env, d + 1)})"
            return f"!foreach(s, {self.e_strs(env, d + 1)}, !strconcat(s, \"_\"))"
        return '[' + ', '.join(self.e_str(env, d + 1) for _ in range(self.r.randint(1, 3))) + ']'

    def e_bits(self, env, width):
        vs = self.names(env, f'bits<{width}>')
        if vs and self.chance(0.3):
            return self.r.choice(vs)
        if self.chance(0.5):
            return '{' + ', '.join(self.r.choice('01') for _ in range(width)) + '}'
        return str(self.r.randint(0, (1 << width) - 1))

    def e_dag(self, env, d=0):
        vs = self.names(env, 'dag')
        if vs and self.chance(0.3):
            return self.r.choice(vs)
        k = self.r.random()
        if k < 0.15 and d < 2:
            return f"!con({self.e_dag(env, d + 1)}, {self.e_dag(env, d + 1)})"
        if k < 0.2 and d < 2 and self.defs:
            return f"!setdagop({self.e_dag(env, d + 1)}, {self.r.choice(self.defs)[0]})"
        if k < 0.22 and d < 2:
            return f"!foreach(v, {self.e_dag(env, d + 1)}, v)"
        if k < 0.3:
            return f"!dag(ops, [{self.e_int(env, d + 1)}, {self.e_int(env, d + 1)}], [\"x\", \"y\"])"
        args = []
        for i in range(self.r.randint(0, 3)):
            a = self.r.random()
            if a < 0.3:
                args.append(self.e_int(env, d + 1) + (f":$a{i}" if self.chance(0.5) else ''))
            elif a < 0.5:
                args.append(f"$n{i}")
            elif a < 0.7 and d < 2:
                args.append(self.e_dag(env, d + 1))
            else:
                args.append(self.e_str(env, d + 1))
        return '(ops' + (' ' if args else '') + ', '.join(args) + ')'

    def expr(self, ty, env):
        if ty.startswith('bits<'):
            return self.e_bits(env, int(ty[5:-1]))
        return {'int': self.e_int, 'bit': self.e_bit, 'string': self.e_str, 'list<int>': self.e_ints,
                'list<string>': self.e_strs, 'dag': self.e_dag}[ty](env)

    # ---- statements

    def superclasses(self, env, limit):
        """Up to limit superclasses sharing no ancestor, with arguments."""
        supers, fields = [], []
        for _ in range(self.r.randint(0, limit)):
            if not self.classes:
                break
            name, params, cfields = self.r.choice(self.classes)
            if any(self.ancestors[name] & self.ancestors[s] for s, _ in supers):
                continue
            args = [self.expr(t, env) for t, _, _ in params]
            while args and params[len(args) - 1][2] and self.chance(0.4):
                args.pop()  # a defaulted argument left out
            supers.append((name, args))
            fields += cfields
        return supers, fields

    @staticmethod
    def super_text(supers):
        if not supers:
            return ''
        return ' : ' + ', '.join(c + ('<' + ', '.join(a) + '>' if a else '') for c, a in supers)

    def overrides(self, fields, env, p):
        """let lines for some of fields, none referring to itself."""
        return [f"  let {f} = {self.expr(t, [e for e in env if e[1] != f])};"
                for t, f in fields if self.chance(p)]

    def a_class(self):
        name = self.fresh('C')
        params, env = [], []
        for i in range(self.r.randint(0, 3)):
            t = self.r.choice(self.TYPES)
            default = f" = {self.expr(t, [])}" if self.chance(0.5) else ''
            params.append((t, f"p{i}", default))
            env.append((t, f"p{i}"))
        supers, inherited = self.superclasses(env, 2 if self.chance(0.6) else 0)
        body, fields = [], []
        scope = env + inherited
        for _ in range(self.r.randint(0, 4)):
            t = self.r.choice(self.TYPES)
            f = self.fresh('f')
            body.append(f"  {t} {f} = {self.expr(t, scope)};")
            fields.append((t, f))
            scope.append((t, f))
        body += self.overrides(inherited, scope, 0.3)
        if fields and self.chance(0.4):  # resolved late, in each def
            t, f = self.r.choice(fields)
            body.append(f"  {t} {self.fresh('late')} = {f};")
        if self.chance(0.2):
            body.append(f"  defvar dv = {self.e_int([])};\n  int fromdv = dv;")
            fields.append(('int', 'fromdv'))
        ptext = '<' + ', '.join(f"{t} {n}{dflt}" for t, n, dflt in params) + '>' if params else ''
        self.out.append(f"class {name}{ptext}{self.super_text(supers)} {{\n" + '\n'.join(body) + "\n}")
        self.classes.append((name, params, fields + inherited))
        self.ancestors[name] = set([name]).union(*(self.ancestors[s] for s, _ in supers))

    def a_def(self):
        name = self.fresh('D') if self.chance(0.9) else ''
        supers, inherited = self.superclasses([], 2)
        body = self.overrides(inherited, inherited, 0.25)
        env = list(inherited)
        for _ in range(self.r.randint(0, 2)):
            t = self.r.choice(self.TYPES)
            f = self.fresh('g')
            body.append(f"  {t} {f} = {self.expr(t, env)};")
            env.append((t, f))
        if name:
            self.defs.append((name, env))
        if body or not supers:
            return f"def {name}{self.super_text(supers)} {{\n" + '\n'.join(body) + "\n}"
        return f"def {name}{self.super_text(supers)};"

    def a_foreach(self):
        over = self.r.choice(['[1, 2, 3]', '0...2', '["a", "b"]', '{0-2}'])
        ty, val = ('string', 'i') if '"' in over else ('int', '!add(i, 10)')
        self.out.append(f"foreach i = {over} in {{\n  def {self.fresh('F')}_ # i {{ {ty} v = {val}; }}\n}}")

    def a_multiclass(self):
        name = self.fresh('M')
        self.out.append(f"multiclass {name}<int k> {{\n  def _a {{ int v = k; string nm = NAME; }}\n"
                        f"  def _b {{ int w = !mul(k, 2); }}\n}}")
        for _ in range(self.r.randint(1, 2)):
            extra = ''
            if self.classes and self.chance(0.4):
                cname, params, _ = self.r.choice(self.classes)
                extra = '' if params else ', ' + cname
            self.out.append(f"defm {self.fresh('X')} : {name}<{self.e_int([])}>{extra};")

    def a_let(self):
        cands = [c for c in self.classes if c[2] and all(dflt for _, _, dflt in c[1])]
        if cands:
            name, _, fields = self.r.choice(cands)
            t, f = self.r.choice(fields)
            self.out.append(f"let {f} = {self.expr(t, [])} in {{\n  def {self.fresh('L')} : {name};\n}}")

    def program(self):
        self.out.append("def ops;")
        for _ in range(self.r.randint(2, 7)):
            self.a_class()
        for _ in range(self.r.randint(2, 8)):
            k = self.r.random()
            if k < 0.6:
                self.out.append(self.a_def())
            elif k < 0.75:
                self.a_foreach()
            elif k < 0.85:
                self.a_multiclass()
            elif k < 0.9:
                self.a_let()
            elif k < 0.95:
                self.out.append(f"if {self.e_bit([])} then {{\n{self.a_def()}\n}} else {{\n{self.a_def()}\n}}")
            else:
                name, params, _ = self.classes[0]
                args = '<' + ', '.join(self.expr(t, []) for t, _, _ in params) + '>' if params else ''
                self.out.append(f"defset list<{name}> {self.fresh('S')} = {{\n"
                                f"  def {self.fresh('E')} : {name}{args};\n}}")
        return '\n'.join(self.out) + '\n'


DIALECT = '''include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Z_Dialect : Dialect {
  let name = "z";
  let cppNamespace = "::z";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class Z_Op<string m, list<Trait> t = []> : Op<Z_Dialect, m, t>;

def Z_U : Z_Op<"u", [Pure]> { let arguments = (ins AnyType:$x); let results = (outs AnyType:$r); }
def Z_S : Z_Op<"s", [Pure, SameOperandsAndResultType]> { let arguments = (ins AnyType:$x); let results = (outs AnyType:$r); }
def Z_B : Z_Op<"b", [Pure, SameOperandsAndResultType]> { let arguments = (ins AnyType:$l, AnyType:$rr); let results = (outs AnyType:$r); }
def Z_A : Z_Op<"a"> { let arguments = (ins AnyType:$x, I32Attr:$k); let results = (outs AnyType:$r); }
def Z_O : Z_Op<"o"> { let arguments = (ins AnyType:$x, OptionalAttr<I32Attr>:$k); let results = (outs I32:$r); }
def Z_T : Z_Op<"t"> { let arguments = (ins AnyType:$x); let results = (outs AnyType:$r0, AnyType:$r1); }
def Z_V : Z_Op<"v"> { let arguments = (ins Variadic<AnyType>:$xs); let results = (outs AnyType:$r); }
def Z_Q : Z_Op<"q"> { let arguments = (ins Optional<AnyType>:$o, AnyType:$a); let results = (outs AnyType:$r); }
def Z_N : Z_Op<"n"> { let arguments = (ins); let results = (outs I32:$r); }
def Z_VR : Z_Op<"vr"> { let arguments = (ins AnyType:$x); let results = (outs Variadic<AnyType>:$rs); }
def Z_TO : Z_Op<"to"> { let arguments = (ins AnyType:$x); let results = (outs AnyType:$r0, Optional<AnyType>:$r1); }

def IsZ : Constraint<CPred<"isZ($0)">, "is z">;
def Same2 : Constraint<CPred<"$0 == $1">, "same">;
def MkV : NativeCodeCall<"mk($_builder, $0)">;
def MkV2 : NativeCodeCall<"mk2($_builder, $0, $1)">;
def IsSelf : NativeCodeCall<"isSelf($_self, $0)">;
def NoSelf : NativeCodeCall<"noSelf($0)">;
def MkPair : NativeCodeCall<"mkPair($_builder, $0)", 2>;
'''

# name, operands (None: one variadic), attributes, results
OPS = [('Z_U', 1, [], 1), ('Z_S', 1, [], 1), ('Z_B', 2, [], 1), ('Z_A', 1, ['I32Attr'], 1),
       ('Z_O', 1, ['OptionalAttr'], 1), ('Z_T', 1, [], 2), ('Z_V', None, [], 1), ('Z_Q', 2, [], 1),
       ('Z_N', 0, [], 1), ('Z_VR', 1, [], 1), ('Z_TO', 1, [], 2)]


class Drr:
    """DRR patterns over DIALECT, one per line."""

    def __init__(self, seed):
        self.r = random.Random(seed)
        self.count = 0

    def chance(self, p):
        return self.r.random() < p

    def operand_count(self, nopd, wrong):
        k = nopd if nopd is not None else 1  # a variadic operand: one name
        if wrong and self.chance(0.15):
            k = max(0, k + self.r.choice([-1, 1]))
        return k

    def source(self, bound, d, wrong):
        name, nopd, attrs, nres = self.r.choice([o for o in OPS if o[0] != 'Z_N' or d > 0])
        args = []
        for _ in range(self.operand_count(nopd, wrong)):
            if d < 2 and self.chance(0.05):
                v = self.r.choice('abcxy')
                bound.add(v)
                args.append(f"({self.r.choice(['IsSelf', 'NoSelf'])} ${v})")
            elif d < 2 and self.chance(0.35):
                args.append(self.source(bound, d + 1, wrong))
            else:
                v = self.r.choice('abcxy')  # a name seen twice: the same value
                bound.add(v)
                leaf = self.r.choice(['IsZ:', 'AnyType:', 'I32:']) if self.chance(0.1) else ''
                if leaf == 'IsZ:' and not wrong:
                    leaf = 'AnyInteger:'  # IsZ is no type constraint: the peer rejects it
                args.append(leaf + '$' + v)
        for a in attrs:
            v = self.r.choice(['k', 'k2'])
            bound.add(v)
            if self.chance(0.2):
                args.append('ConstantAttr<I32Attr, "3">')
            else:
                args.append(('I32Attr:' if a == 'I32Attr' and self.chance(0.5) else '') + '$' + v)
        if name == 'Z_B' and len(args) == 2 and self.chance(0.3):
            args = [f"(either {args[0]}, {args[1]})"]
        if args and self.chance(0.05):
            args[0] = '$_'
        tag = ''
        if self.chance(0.25):
            t = self.r.choice('opq')
            tag = ':$' + t
            bound.add(t)
            if nres > 1:
                bound.update([t + '__0', t + '__1'])
        return f"({name}{tag}" + (' ' if args else '') + ', '.join(args) + ')'

    def result(self, bound, d, wrong):
        names = sorted(bound)
        k = self.r.random()
        if d > 0 and k < 0.45 and names:
            return '$' + ('zz' if wrong and self.chance(0.2) else self.r.choice(names))
        if d == 0 and k < 0.1 and names:
            return f"(replaceWithValue ${self.r.choice(names)})"
        if k < 0.18 and names:
            return f"(MkV ${self.r.choice(names)})"
        if d > 0 and k < 0.22 and names:
            return f"(MkV2 ${self.r.choice(names)}, ${self.r.choice(names)})"
        if d == 0 and k < 0.25 and names:
            return f"(MkPair ${self.r.choice(names)})"
        name, nopd, attrs, _ = self.r.choice(OPS)
        args = [self.result(bound, d + 1, wrong) if d < 2 else
                ('$' + self.r.choice(names) if names else '(Z_N)')
                for _ in range(self.operand_count(nopd, wrong))]
        for a in attrs:
            known = ['$k', '$k2'] if 'k' in bound else []
            if a == 'I32Attr':
                args.append(self.r.choice(['ConstantAttr<I32Attr, "1">'] + known))
            elif not wrong or self.chance(0.5):  # an optional attribute takes its slot too
                args.append(self.r.choice(known or ['ConstantAttr<I32Attr, "7">']))
        if names and self.chance(0.1):
            args.append(f"(location ${self.r.choice(names)})")
        if self.chance(0.08):
            args.append(f"(returnType ${self.r.choice(names)})" if names and self.chance(0.7)
                        else '(returnType "$_builder.getI32Type()")')
        tag = ':$' + self.r.choice('mo') if self.chance(0.08) else ''
        return f"({name}{tag}" + (' ' if args else '') + ', '.join(args) + ')'

    def pattern(self, careful):
        self.count += 1
        wrong = not careful and self.chance(0.4)
        bound = set()
        src = self.source(bound, 0, wrong)
        results = [self.result(bound, 0, wrong) for _ in range(self.r.choice([1, 1, 1, 2, 3]))]
        extra = ''
        if bound and self.chance(0.25):
            names = sorted(bound)
            v = 'ww' if wrong and self.chance(0.3) else self.r.choice(names)
            extra = f", [(IsZ ${v})]" if self.chance(0.6) else f", [(Same2 ${self.r.choice(names)}, ${v})]"
        if self.chance(0.3):
            extra = (extra or ', []') + f", (addBenefit {self.r.randint(0, 5)})"
        if len(results) == 1 and self.chance(0.6):
            return f"def P{self.count} : Pat<{src}, {results[0]}{extra}>;"
        return f"def P{self.count} : Pattern<{src}, [{', '.join(results)}]{extra}>;"

    def program(self):
        careful = self.chance(0.5)  # a file with no mistake made on purpose
        return DIALECT + '\n'.join(self.pattern(careful) for _ in range(self.r.randint(1, 4))) + '\n'


ODS = '''include "mlir/IR/OpBase.td"

def Y_Dialect : Dialect {
  let name = "y";
  let cppNamespace = "::y";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class Y_Op<string m, list<Trait> t = []> : Op<Y_Dialect, m, t>;

def Y_U : Y_Op<"u"> { let arguments = (ins AnyType:$x); let results = (outs AnyType:$r); }
def Y_B : Y_Op<"b"> { let arguments = (ins AnyType:$l, AnyType:$rr); let results = (outs AnyType:$r); }
def Y_A : Y_Op<"a"> { let arguments = (ins AnyType:$x, I32Attr:$k); let results = (outs AnyType:$r); }
def Y_T : Y_Op<"t"> { let arguments = (ins AnyType:$x); let results = (outs AnyType:$r0, AnyType:$r1); }
def Y_V : Y_Op<"v"> { let arguments = (ins Variadic<AnyType>:$xs); let results = (outs AnyType:$r); }
def Y_E : Y_Op<"e"> { let arguments = (ins AnyType:$x); }
'''

# name, operands (None: one variadic group), takes attribute k, results
PDLL_OPS = [('y.u', 1, False, 1), ('y.b', 2, False, 1), ('y.a', 1, True, 1), ('y.t', 1, False, 2),
            ('y.v', None, False, 1), ('y.e', 1, False, 0)]


class Pdll:
    """PDLL patterns over the ops of ODS, one pattern per block."""

    HEAD = '''#include "random-ods.td"
Constraint IsY(v: Value);
Constraint HasK(a: Attr);
Rewrite MkV(v: Value) -> Value;
'''

    def __init__(self, seed):
        self.r = random.Random(seed)
        self.count = 0

    def chance(self, p):
        return self.r.random() < p

    @staticmethod
    def values(env):
        return sorted(v for v, t in env.items() if t == 'Value')

    def op(self, env, d, wrong, root=False):
        name, nopd, attr, nres = self.r.choice([o for o in PDLL_OPS if o[3] or root])
        if wrong and self.chance(0.1):
            name = 'y.nosuch'
        k = nopd if nopd is not None else self.r.randint(0, 2)
        if wrong and nopd is not None and self.chance(0.1):
            k = max(0, k + self.r.choice([-1, 1]))
        args = []
        for _ in range(k):
            a = self.r.random()
            vs = self.values(env)
            if d < 2 and a < 0.3:
                args.append(self.op(env, d + 1, wrong))
            elif a < 0.6:
                v = self.r.choice('abcxy')
                if v in env:
                    args.append(v)
                else:
                    env[v] = 'Value'
                    args.append(f"{v}: Value")
            elif a < 0.7 or not vs:
                args.append('_')
            else:
                args.append(self.r.choice(vs))
        text = f"op<{name}>(" + ', '.join(args) + ')'
        if attr and self.chance(0.7):
            if self.chance(0.5) and 'kk' not in env:
                env['kk'] = 'Attr'
                text += ' {k = kk: Attr}'
            else:
                text += ' {k = attr<"1 : i32">}'
        if self.chance(0.2):
            types = ['type<"i32">' if self.chance(0.5) else '_: Type' for _ in range(nres)]
            if wrong and self.chance(0.3):
                types.append('_')  # `_` needs a constraint: an error
            text += ' -> (' + ', '.join(types) + ')'
        return text

    def pattern(self):
        self.count += 1
        wrong = self.chance(0.35)
        env = {}
        name = f" P{self.count}" if self.chance(0.85) else ''
        meta = []
        if self.chance(0.4):
            meta.append(f"benefit({self.r.choice([0, 1, 2, 5, 65535, 70000] if wrong else [0, 1, 2, 5])})")
        if self.chance(0.2):
            meta.append('recursion')
        body = [f"  let root = {self.op(env, 0, wrong, True)};"]
        if self.values(env) and self.chance(0.3):
            v = 'nope' if wrong and self.chance(0.3) else self.r.choice(self.values(env))
            body.append(f"  IsY({v});")
        if 'kk' in env and self.chance(0.3):
            body.append("  HasK(kk);")
        vs = self.values(env)
        k = self.r.random()
        if k < 0.3:
            body.append("  erase root;")
        elif k < 0.55 and vs:
            body.append(f"  replace root with {self.r.choice(vs)};")
        elif k < 0.8:
            body.append(f"  replace root with {self.op(dict(env), 1, wrong)};")
        elif k < 0.9 and vs:
            body.append(f"  replace root with MkV({self.r.choice(vs)});")
        else:
            body.append("  rewrite root with {\n    let n = op<y.u>(" + (self.r.choice(vs) if vs else '_') +
                        ");\n    replace root with n;\n  };")
        if wrong and self.chance(0.15):
            body.pop()  # no rewrite at the end
        if wrong and self.chance(0.1):
            body.append("  erase root;")  # one after the other
        with_ = ' with ' + ', '.join(meta) if meta else ''
        return f"Pattern{name}{with_} {{\n" + '\n'.join(body) + "\n}"

    def program(self):
        return self.HEAD + '\n'.join(self.pattern() for _ in range(self.r.randint(1, 4))) + '\n'


class Run:
    """PDLL patterns over unregistered ops and some of arith, and an .mlir
    fixture they may rewrite (unregistered ops, arith's integer ops,
    which fold, constants, compares, selects, casts, nested regions), for
    `patlint run` against MLIR's greedy driver.  Every op's result has the type of its first
    operand (i32 or i64), so that each replacement the patterns write
    gives a value of the replaced type."""

    # name, operand count, attribute k
    OPS = [('t.a', 1, False), ('t.b', 2, False), ('t.c', 1, True), ('t.d', 2, False),
           ('t.e', 1, False), ('t.f', 3, False), ('arith.addi', 2, False),
           ('arith.muli', 2, False), ('arith.andi', 2, False), ('arith.subi', 2, False)]
    # the integer ops of arith the fixtures use, all of which fold
    ARITH = ['addi', 'subi', 'muli', 'divsi', 'divui', 'remsi', 'remui', 'andi', 'ori', 'xori',
             'shli', 'shrsi', 'shrui', 'maxsi', 'maxui', 'minsi', 'minui', 'ceildivsi',
             'ceildivui', 'floordivsi']
    CONSTS = [0, 0, 1, 1, -1, 2, 3, 7, -8, 31, 40, 2147483647, -2147483648]
    NAMES = 'abcdefghuvwxyz'

    def __init__(self, seed):
        self.r = random.Random(seed)
        self.count = 0
        self.shapes = []  # each pattern's match (match)

    def chance(self, p):
        return self.r.random() < p

    # ---- the patterns

    def match(self, env, d):
        """An op to match; binds its operands in env (name -> 'Value').
        Returns its text and its shape (for seed_instance): the op's name,
        its operand count and whether it has attribute k (from OPS),
        whether it takes any operands, its operands -- ('op', shape),
        ('var', name) or ('any',) -- and what its attribute k must be
        (None: anything, else the integer)."""
        name, k, attr = self.r.choice(self.OPS)
        any_operands = self.chance(0.08)
        args, shape = [], {'name': name, 'nops': k, 'has_k': attr, 'any': any_operands,
                           'args': [], 'k': None}
        for _ in range(0 if any_operands else k):
            a = self.r.random()
            free = [c for c in self.NAMES if c not in env]
            bound = [v for v, t in env.items() if t == 'Value']
            if d < 2 and a < 0.3:
                text, inner = self.match(env, d + 1)
                args.append(text)
                shape['args'].append(('op', inner))
            elif a < 0.85 and free:
                v = self.r.choice(free)
                env[v] = 'Value'
                args.append(f"{v}: Value")
                shape['args'].append(('var', v))
            elif a < 0.92 and bound:
                v = self.r.choice(bound)
                args.append(v)  # the same value again
                shape['args'].append(('var', v))
            else:
                args.append('_: Value')
                shape['args'].append(('any',))
        text = f"op<{name}>" if any_operands else f"op<{name}>(" + ', '.join(args) + ')'
        if attr and self.chance(0.6):
            if self.chance(0.4) and 'kk' not in env:
                env['kk'] = 'Attr'
                text += ' {k = kk: Attr}'
            else:
                shape['k'] = self.r.randint(0, 2)
                text += f' {{k = attr<"{shape["k"]} : i32">}}'
        return text, shape

    def build(self, vals, env, ty, d):
        """A new op over the bound values vals (all of the root's type)."""
        name, k, attr = self.r.choice(self.OPS)
        args = []
        for _ in range(k):
            if d < 1 and self.chance(0.25):
                args.append(self.build(vals, env, ty, d + 1))
            else:
                args.append(self.r.choice(vals))
        text = f"op<{name}>(" + ', '.join(args) + ')'
        if attr:
            if 'kk' in env and self.chance(0.4):
                text += ' {k = kk}'
            else:
                text += f' {{k = attr<"{self.r.randint(0, 2)} : i32">}}'
        return text + f' -> ({ty})'

    def pattern(self):
        self.count += 1
        env = {}
        root, shape = self.match(env, 0)
        shape['type'] = None
        vals = sorted(v for v, t in env.items() if t == 'Value')
        meta = []
        if self.chance(0.5):
            meta.append(f"benefit({self.r.randint(0, 3)})")
        with_ = ' with ' + ', '.join(meta) if meta else ''
        if self.chance(0.2):
            # a root of one type only; its operands then have that type
            shape['type'] = self.r.choice(["i32", "i64"])
            ty = f'type<"{shape["type"]}">'
            body = [f"  let root = {root} -> ({ty});"]
        else:
            ty = 't'
            body = [f"  let root = {root} -> (t: Type);"]
        k = self.r.random()
        if vals and k < 0.3:
            body.append(f"  replace root with {self.r.choice(vals)};")
        elif vals and k < 0.85:
            body.append(f"  replace root with {self.build(vals, env, ty, 0)};")
        elif vals:
            body.append("  rewrite root with {\n    let n = " + self.build(vals, env, ty, 0) +
                        ";\n    replace root with n;\n  };")
        else:
            body.append(f"  replace root with op<t.n> -> ({ty});")
        self.shapes.append(shape)
        return f"Pattern P{self.count}{with_} {{\n" + '\n'.join(body) + "\n}"

    # ---- the fixture

    def ops(self, vals, n, indent, depth):
        """Lines of ops numbered from n (values %n...) over vals; returns
        (lines, next n).  An op of region t.r holds more of them."""
        lines = []
        for _ in range(self.r.randint(1 if depth else 2, 5 if depth else 9)):
            ty = self.r.choice(['i32', 'i32', 'i64'])
            pool = [v for v, t in vals if t == ty]
            x = self.r.random()
            if x < 0.12:
                lines.append(f"{indent}%{n} = arith.constant {self.r.choice(self.CONSTS)} : {ty}")
            elif x < 0.18 and depth < 2:
                inner, n2 = self.ops(list(vals), n + 1, indent + '  ', depth + 1)
                lines.append(f'{indent}"t.r"() ({{')
                lines.extend(inner)
                lines.append(f'{indent}  "t.yield"() : () -> ()')
                lines.append(f'{indent}}}) : () -> ()')
                n = n2
                continue
            elif x < 0.23:
                lines.append(f'{indent}"t.sink"({self.r.choice(pool)}) : ({ty}) -> ()')
                continue
            elif x < 0.35:
                op = self.r.choice(self.ARITH)
                lines.append(f"{indent}%{n} = arith.{op} {self.r.choice(pool)}, {self.r.choice(pool)} : {ty}")
            elif x < 0.4:
                # a compare and a select on it
                pred = self.r.choice(['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge'])
                a, b = self.r.choice(pool), self.r.choice(pool)
                lines.append(f"{indent}%{n} = arith.cmpi {pred}, {a}, {b} : {ty}")
                n += 1
                sel = [a, b, self.r.choice(pool)]
                lines.append(f"{indent}%{n} = arith.select %{n - 1}, {self.r.choice(sel)}, {self.r.choice(sel)} : {ty}")
            elif x < 0.44:
                other = 'i64' if ty == 'i32' else 'i32'
                src = self.r.choice([v for v, t in vals if t == other])
                cast = self.r.choice(['extsi', 'extui']) if other == 'i32' else 'trunci'
                lines.append(f"{indent}%{n} = arith.{cast} {src} : {other} to {ty}")
            else:
                name, k, attr = self.r.choice(self.OPS)
                ops = ', '.join(self.r.choice(pool) for _ in range(k))
                if name.startswith('arith.'):
                    lines.append(f"{indent}%{n} = {name} {ops} : {ty}")
                else:
                    at = f" {{k = {self.r.randint(0, 2)} : i32}}" if attr and self.chance(0.8) else ''
                    lines.append(f"{indent}%{n} = \"{name}\"({ops}){at} : ({', '.join([ty] * k)}) -> {ty}")
            vals.append((f"%{n}", ty))
            n += 1
        return lines, n

    def op_line(self, indent, n, name, operands, ty, k):
        """The line of op %n of type ty; k: its attribute k, or None."""
        if name.startswith('arith.'):
            return f"{indent}%{n} = {name} {', '.join(operands)} : {ty}"
        at = f" {{k = {k} : i32}}" if k is not None else ''
        return f"{indent}%{n} = \"{name}\"({', '.join(operands)}){at} : ({', '.join([ty] * len(operands))}) -> {ty}"

    def seed_instance(self, shape, vals, bind, ty, lines, n, indent):
        """Ops that a pattern's match (shape) matches, over values of vals
        of type ty, the pattern's names bound as bind says (a name bound
        once is the same value at each use); returns (value, next n)."""
        pool = [v for v, t in vals if t == ty]
        operands = []
        if shape['any']:
            operands = [self.r.choice(pool) for _ in range(shape['nops'])]
        for a in shape['args']:
            if a[0] == 'op':
                v, n = self.seed_instance(a[1], vals, bind, ty, lines, n, indent)
                operands.append(v)
            elif a[0] == 'var':
                operands.append(bind.setdefault(a[1], self.r.choice(pool)))
            else:
                operands.append(self.r.choice(pool))
        k = shape['k'] if shape['k'] is not None else self.r.randint(0, 2) if shape['has_k'] else None
        lines.append(self.op_line(indent, n, shape['name'], operands, ty, k))
        return f"%{n}", n + 1

    def fixture(self):
        tys = ['i32', 'i32', 'i64']
        vals = [(f"%arg{i}", t) for i, t in enumerate(tys)]
        sig = ', '.join(f"%arg{i}: {t}" for i, t in enumerate(tys))
        lines, n = self.ops(vals, 0, '    ', 0)
        # Most patterns also get ops their match matches, kept alive by a
        # sink: fixtures of random ops alone applied a pattern in 43 of
        # 200 seeds.
        for shape in self.shapes:
            if not self.chance(0.75):
                continue
            ty = shape['type'] or self.r.choice(['i32', 'i64'])
            v, n = self.seed_instance(shape, vals, {}, ty, lines, n, '    ')
            lines.append(f'    "t.sink"({v}) : ({ty}) -> ()')
            vals.append((v, ty))
        last = vals[-1]
        return (f"func.func @f({sig}) -> {last[1]} {{\n" + '\n'.join(lines) +
                f"\n    return {last[0]} : {last[1]}\n}}\n")

    def program(self):
        pats = '\n'.join(self.pattern() for _ in range(self.r.randint(1, 4))) + '\n'
        return pats, self.fixture()

class RunDrr:
    """DRR patterns over a small dialect of i32 ops and an .mlir fixture,
    for `patlint run` against the DRR greedy-driver harness
    (tests/harness/greedy_drr: gen-drr.sh compiles a batch of these).
    Half the dialects include InferTypeOpInterface.td, whose presence
    gives every op of buildable result types (I32 here) a builder without
    them; without it, a nested result op has no builder its pattern's C++
    can call (missing-result-type-builder) and fails to compile."""

    ODS = '''include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
INFER
def R_Dialect : Dialect {
  let name = "rr";
  let cppNamespace = "::rr";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class R_Op<string m, list<Trait> t = []> : Op<R_Dialect, m, t>;
def R_A : R_Op<"a", SAME> { let arguments = (ins I32:$x); let results = (outs I32:$r); }
def R_P : R_Op<"p", [Pure]> { let arguments = (ins I32:$x); let results = (outs I32:$r); }
def R_B : R_Op<"b", SAME> { let arguments = (ins I32:$l, I32:$rr); let results = (outs I32:$r); }
def R_M : R_Op<"m", [Commutative]> { let arguments = (ins I32:$l, I32:$rr); let results = (outs I32:$r); }
def R_K : R_Op<"k", SAME> { let arguments = (ins I32:$x, I32Attr:$k); let results = (outs I32:$r); }
def R_S : R_Op<"s"> { let arguments = (ins I32:$x, StrAttr:$tag); let results = (outs I32:$r); }
'''
    # def, mnemonic, operand count, attribute (name, kind) or None
    OPS = [('R_A', 'a', 1, None), ('R_P', 'p', 1, None), ('R_B', 'b', 2, None),
           ('R_M', 'm', 2, None), ('R_K', 'k', 1, ('k', 'int')), ('R_S', 's', 1, ('tag', 'str'))]

    def __init__(self, seed):
        self.r = random.Random(seed)
        self.count = 0
        self.shapes = []  # each pattern's source tree (match)

    def chance(self, p):
        return self.r.random() < p

    def attr_value(self, kind, cxx=False):
        if kind == 'int':
            return str(self.r.randint(0, 2))
        v = self.r.choice(['x', 'y'])
        return f'\\"{v}\\"' if cxx else v  # ConstantAttr<StrAttr, "\"x\"">: C++ text

    def match(self, env, d, shape=None):
        """A source tree; binds values ($a...) and attributes ($k1...).
        Fills shape (for seed_instance, as Run.match's): the op's index in
        OPS, its operands -- ('op', shape), ('var', name) or ('any',) --
        and the value its attribute must have (None: any)."""
        op, _, k, attr = self.r.choice(self.OPS)
        shape = {} if shape is None else shape
        shape.update(op=op, args=[], attr=None)
        args = []
        for _ in range(k):
            a = self.r.random()
            free = [c for c in 'abcdefg' if c not in env]
            bound = [v for v, t in env.items() if t == 'value']
            if d < 2 and a < 0.3:
                inner = {}
                args.append(self.match(env, d + 1, inner))
                shape['args'].append(('op', inner))
            elif a < 0.8 and free:
                v = self.r.choice(free)
                env[v] = 'value'
                args.append('$' + v)
                shape['args'].append(('var', v))
            elif a < 0.9 and bound:
                v = self.r.choice(bound)
                args.append('$' + v)  # the same value again
                shape['args'].append(('var', v))
            else:
                args.append('$_')
                shape['args'].append(('any',))
        if attr:
            x = self.r.random()
            if x < 0.4:
                self.count += 1
                v = f"{attr[0]}{self.count}"
                env[v] = attr[1]
                args.append('$' + v)
            elif x < 0.7:
                ty = 'I32Attr' if attr[1] == 'int' else 'StrAttr'
                text = self.attr_value(attr[1], True)
                shape['attr'] = text.replace('\\"', '')
                args.append(f'ConstantAttr<{ty}, "{text}">')
            else:
                args.append('$_')
        return f"({op} " + ', '.join(args) + ')'

    def build(self, env, d):
        """A result tree over the bound values and attributes."""
        op, _, k, attr = self.r.choice(self.OPS)
        vals = [v for v, t in env.items() if t == 'value']
        args = []
        for _ in range(k):
            if d < 1 and self.chance(0.25):
                args.append(self.build(env, d + 1))
            else:
                args.append('$' + self.r.choice(vals))
        if attr:
            bound = [v for v, t in env.items() if t == attr[1]]
            ty = 'I32Attr' if attr[1] == 'int' else 'StrAttr'
            if bound and self.chance(0.5):
                args.append('$' + self.r.choice(bound))
            else:
                args.append(f'ConstantAttr<{ty}, "{self.attr_value(attr[1], True)}">')
        return f"({op} " + ', '.join(args) + ')'

    def pattern(self, i):
        env, shape = {}, {}
        src = self.match(env, 0, shape)
        if not [v for v, t in env.items() if t == 'value']:
            return None
        self.shapes.append(shape)
        if self.chance(0.3):
            res = '(replaceWithValue $' + self.r.choice([v for v, t in env.items() if t == 'value']) + ')'
        else:
            res = self.build(env, 0)
        extra = f", [], (addBenefit {self.r.randint(0, 3)})" if self.chance(0.4) else ''
        return f"def RP{i} : Pat<{src}, {res}{extra}>;"

    def op_line(self, n, op, operands, value=None):
        """The line of op %n (a def of OPS) over operands; value: its
        attribute's, or a random one."""
        _, m, k, attr = next(o for o in self.OPS if o[0] == op)
        at = ''
        if attr:
            v = value if value is not None else self.attr_value(attr[1])
            at = f" {{{attr[0]} = {v} : i32}}" if attr[1] == 'int' else f' {{{attr[0]} = "{v}"}}'
        return f"  %{n} = \"rr.{m}\"({', '.join(operands)}){at} : ({', '.join(['i32'] * k)}) -> i32"

    def seed_instance(self, shape, vals, bind, lines, n):
        """Ops a pattern's source tree (shape) matches, over vals (a name
        bound once is the same value at each use); returns (value, next n)."""
        operands = []
        for a in shape['args']:
            if a[0] == 'op':
                v, n = self.seed_instance(a[1], vals, bind, lines, n)
                operands.append(v)
            elif a[0] == 'var':
                operands.append(bind.setdefault(a[1], self.r.choice(vals)))
            else:
                operands.append(self.r.choice(vals))
        lines.append(self.op_line(n, shape['op'], operands, shape['attr']))
        return f"%{n}", n + 1

    def fixture(self):
        vals = ['%arg0', '%arg1']
        lines = []
        for n in range(self.r.randint(2, 9)):
            op, m, k, attr = self.r.choice(self.OPS)
            lines.append(self.op_line(n, op, [self.r.choice(vals) for _ in range(k)]))
            vals.append(f"%{n}")
        # Most patterns also get ops their source tree matches, used by
        # the next (fixtures of random ops alone applied a pattern in 48
        # of 100 seeds).
        n = len(vals) - 2
        for shape in self.shapes:
            if self.chance(0.75):
                v, n = self.seed_instance(shape, vals, {}, lines, n)
                vals.append(v)
        return ("func.func @f(%arg0: i32, %arg1: i32) -> i32 {\n" + '\n'.join(lines) +
                f"\n  return {vals[-1]} : i32\n}}\n")

    def program(self):
        infer = self.chance(0.5)
        ods = self.ODS.replace('INFER', 'include "mlir/Interfaces/InferTypeOpInterface.td"\n' if infer else '')
        ods = ods.replace('SAME', '[SameOperandsAndResultType]' if infer else '[]')
        pats = [self.pattern(i) for i in range(1, self.r.randint(2, 5))]
        return ods + '\n'.join(p for p in pats if p) + '\n', self.fixture()

if __name__ == '__main__':
    kinds = {'records': Records, 'drr': Drr, 'pdll': Pdll}
    if sys.argv[1:] == ['ods']:
        sys.stdout.write(ODS)
    elif len(sys.argv) == 4 and sys.argv[1] in ('run', 'run-drr'):
        drr = sys.argv[1] == 'run-drr'
        pats, fixture = (RunDrr if drr else Run)(int(sys.argv[2])).program()
        with open(sys.argv[3] + ('/patterns.td' if drr else '/patterns.pdll'), 'w') as f:
            f.write(pats)
        with open(sys.argv[3] + '/input.mlir', 'w') as f:
            f.write(fixture)
    elif len(sys.argv) == 3 and sys.argv[1] in kinds:
        sys.stdout.write(kinds[sys.argv[1]](int(sys.argv[2])).program())
    else:
        sys.exit('usage: random-inputs.py records|drr|pdll SEED, random-inputs.py run|run-drr SEED DIR,'
                 ' or random-inputs.py ods')
