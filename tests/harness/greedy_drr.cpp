// greedy_drr.cpp -- the DRR half of the oracle for patlint's engine: run a
// DRR case's patterns (what `mlir-tblgen-16 -gen-rewriters` makes of them,
// with the case's own dialect from -gen-dialect-* and -gen-op-*) on an .mlir
// fixture with MLIR 16's own greedy driver (applyPatternsAndFoldGreedily)
// and print the result in generic form.
//
//   greedy_drr [--max-iterations N] [--max-rewrites N] [--top-down]
//              [--trace] CASE FIXTURE.mlir
//
// CASE names one of the compiled-in cases (tests/harness/gen-drr.sh puts
// every DRR case of tests/run into cases.inc / table.inc, each in its own
// C++ namespace, so all of them cost one compile).  Output and --trace as
// in greedy.cpp: the IR, then `// converged` or `// did-not-converge`;
// `// applied: NAME` on stderr per applied rewrite (NAME is the pattern's
// def name).  --max-rewrites defaults to 1000.  Unregistered dialects are
// allowed; func and arith are registered next to the case's dialect.
//
// Built only by `make check-peers`, against libmlir-16-dev:
//   g++ -std=c++17 -fno-rtti -I/usr/lib/llvm-16/include -IGENDIR
//       greedy_drr.cpp -o greedy_drr -L/usr/lib/llvm-16/lib -lMLIR
//       -lLLVM-16 -Wl,-rpath,/usr/lib/llvm-16/lib
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include "cases.inc"

using namespace mlir;

namespace {
struct DrrCase {
  const char *name;
  void (*registerDialect)(DialectRegistry &);
  void (*populate)(RewritePatternSet &);
};
const DrrCase cases[] = {
#include "table.inc"
};

// Wraps a generated pattern: same root, benefit and place in the set, and
// logs `// applied: NAME` when the wrapped pattern succeeds.
struct Traced : public RewritePattern {
  Traced(std::unique_ptr<RewritePattern> inner, MLIRContext *ctx)
      : RewritePattern(inner->getRootKind()->getStringRef(),
                       inner->getBenefit(), ctx),
        inner(std::move(inner)) {
    StringRef n = this->inner->getDebugName();
    size_t colon = n.rfind("::");
    name = (colon == StringRef::npos ? n : n.drop_front(colon + 2)).str();
  }
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (failed(inner->matchAndRewrite(op, rewriter)))
      return failure();
    llvm::errs() << "// applied: " << name << "\n";
    return success();
  }
  std::unique_ptr<RewritePattern> inner;
  std::string name;
};
} // namespace

static int usage() {
  llvm::errs() << "usage: greedy_drr [--max-iterations N] [--max-rewrites N] "
                  "[--top-down] [--trace] CASE FIXTURE.mlir\n";
  return 2;
}

int main(int argc, char **argv) {
  int64_t maxIterations = 10, maxRewrites = 1000;
  bool topDown = false, trace = false;
  const char *caseName = nullptr, *fixturePath = nullptr;
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "--max-iterations") && i + 1 < argc)
      maxIterations = strtoll(argv[++i], nullptr, 10);
    else if (!strcmp(argv[i], "--max-rewrites") && i + 1 < argc)
      maxRewrites = strtoll(argv[++i], nullptr, 10);
    else if (!strcmp(argv[i], "--top-down"))
      topDown = true;
    else if (!strcmp(argv[i], "--trace"))
      trace = true;
    else if (argv[i][0] == '-')
      return usage();
    else if (!caseName)
      caseName = argv[i];
    else if (!fixturePath)
      fixturePath = argv[i];
    else
      return usage();
  }
  if (!fixturePath)
    return usage();
  const DrrCase *dc = nullptr;
  for (const DrrCase &c : cases)
    if (!strcmp(c.name, caseName))
      dc = &c;
  if (!dc) {
    llvm::errs() << "greedy_drr: no compiled-in case '" << caseName << "'\n";
    return 2;
  }

  DialectRegistry registry;
  registry.insert<arith::ArithDialect, func::FuncDialect>();
  dc->registerDialect(registry);
  MLIRContext ctx(registry);
  ctx.allowUnregisteredDialects();
  ctx.loadAllAvailableDialects();

  OwningOpRef<ModuleOp> fixture = parseSourceFile<ModuleOp>(fixturePath, &ctx);
  if (!fixture)
    return 2;

  RewritePatternSet generated(&ctx);
  dc->populate(generated);
  RewritePatternSet set(&ctx);
  for (std::unique_ptr<RewritePattern> &p : generated.getNativePatterns())
    set.getNativePatterns().push_back(
        trace ? std::make_unique<Traced>(std::move(p), &ctx) : std::move(p));
  FrozenRewritePatternSet frozen(std::move(set));

  GreedyRewriteConfig config;
  config.maxIterations = maxIterations;
  config.maxNumRewrites = maxRewrites;
  config.useTopDownTraversal = topDown;
  bool converged =
      succeeded(applyPatternsAndFoldGreedily(fixture->getOperation(), frozen,
                                             config));
  fixture->getOperation()->print(llvm::outs(),
                                 OpPrintingFlags().printGenericOpForm());
  llvm::outs() << "\n" << (converged ? "// converged" : "// did-not-converge")
               << "\n";
  return 0;
}
