// greedy.cpp -- the oracle for patlint's engine: apply a PDL pattern module
// to an .mlir fixture with MLIR 16's own greedy driver
// (applyPatternsAndFoldGreedily) and print the result in generic form.
//
//   greedy [--max-iterations N] [--max-rewrites N] [--top-down] [--trace]
//          PATTERNS.mlir FIXTURE.mlir
//
// PATTERNS.mlir is what `mlir-pdll-16 -x=mlir FILE.pdll` writes.  Output:
// the rewritten fixture as `mlir-opt-16 -mlir-print-op-generic` prints it,
// then `// converged` or `// did-not-converge`.  --max-rewrites defaults to
// 1000, not MLIR's "no limit": a self-feeding pattern would otherwise spin
// forever inside one iteration.  With --trace, each applied rewrite prints
// `// applied: NAME` on stderr, in order (NAME is the pdl.pattern's symbol,
// or `pattern#I` for the I-th anonymous one): every pattern's rewrite region
// is given a leading call of a native rewrite that logs its name.
// Unregistered dialects are allowed; func, arith and pdl are registered, so
// arith ops fold and unused ones are erased as in MLIR.
//
// Built only by `make check-peers` (never by `make`), against Debian's
// libmlir-16-dev and llvm-16-dev:
//   g++ -std=c++17 -fno-rtti -I/usr/lib/llvm-16/include greedy.cpp \
//       -o greedy -L/usr/lib/llvm-16/lib -lMLIR -lLLVM-16 \
//       -Wl,-rpath,/usr/lib/llvm-16/lib
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/PDL/IR/PDL.h"
#include "mlir/Dialect/PDL/IR/PDLOps.h"
#include "mlir/Dialect/PDLInterp/IR/PDLInterp.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cstring>
#include <string>

using namespace mlir;

static int usage() {
  llvm::errs() << "usage: greedy [--max-iterations N] [--max-rewrites N] "
                  "[--top-down] [--trace] PATTERNS.mlir FIXTURE.mlir\n";
  return 2;
}

// Give every pdl.pattern's rewrite region a first step that logs the
// pattern's name through the native rewrite "__patlint_trace".
static void addTraceCalls(ModuleOp patterns) {
  unsigned index = 0;
  patterns.walk([&](pdl::PatternOp pattern) {
    std::string name = pattern.getSymName()
                           ? pattern.getSymName()->str()
                           : "pattern#" + std::to_string(index);
    ++index;
    pdl::RewriteOp rewrite = pattern.getRewriter();
    if (rewrite.getBodyRegion().empty())
      return; // an external rewrite: nothing to instrument
    Block &body = rewrite.getBodyRegion().front();
    OpBuilder b(&body, body.begin());
    Location loc = rewrite.getLoc();
    Value nameAttr = b.create<pdl::AttributeOp>(loc, b.getStringAttr(name));
    b.create<pdl::ApplyNativeRewriteOp>(loc, TypeRange(), "__patlint_trace",
                                        ValueRange{nameAttr});
  });
}

int main(int argc, char **argv) {
  int64_t maxIterations = 10, maxRewrites = 1000;
  bool topDown = false, trace = false;
  const char *patternsPath = nullptr, *fixturePath = nullptr;
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
    else if (!patternsPath)
      patternsPath = argv[i];
    else if (!fixturePath)
      fixturePath = argv[i];
    else
      return usage();
  }
  if (!fixturePath)
    return usage();

  DialectRegistry registry;
  registry.insert<arith::ArithDialect, func::FuncDialect, pdl::PDLDialect,
                  pdl_interp::PDLInterpDialect>();
  MLIRContext ctx(registry);
  ctx.allowUnregisteredDialects();
  ctx.loadAllAvailableDialects();

  OwningOpRef<ModuleOp> patterns =
      parseSourceFile<ModuleOp>(patternsPath, &ctx);
  if (!patterns)
    return 2;
  OwningOpRef<ModuleOp> fixture = parseSourceFile<ModuleOp>(fixturePath, &ctx);
  if (!fixture)
    return 2;

  if (trace)
    addTraceCalls(*patterns);
  PDLPatternModule pdlModule(std::move(patterns));
  pdlModule.registerRewriteFunction(
      "__patlint_trace", [](PatternRewriter &, Attribute name) {
        llvm::errs() << "// applied: " << name.cast<StringAttr>().getValue()
                     << "\n";
      });
  RewritePatternSet set(&ctx);
  set.add(std::move(pdlModule));
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
