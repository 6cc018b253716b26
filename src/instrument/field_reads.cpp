// Compile-time instrumentation of field reads with Clang's AST (paper 000, Sec. 3.4). See
// field_reads.hpp.
#include "instrument/field_reads.hpp"

#include "clang_front/parse.hpp"
#include "instrument/class_allocation.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/ASTUnit.h>
#include <clang/Lex/Lexer.h>

#include <filesystem>
#include <stdexcept>

namespace smallscope::instrument {

namespace {

using namespace clang;
namespace fs = std::filesystem;


enum class access_kind { read, write, update, size, offset };

const char* wrapper(access_kind k) {
  switch (k) {
    case access_kind::read: return "::smallscope::read_field(";
    case access_kind::write: return "::smallscope::write_field(";
    case access_kind::update: return "::smallscope::update_field(";
    case access_kind::size: return "::smallscope::read_size(";
    case access_kind::offset: return "::smallscope::read_offset(";
  }
  return "";
}

class field_accesses : public RecursiveASTVisitor<field_accesses> {
 public:
  field_accesses(ASTContext& ctx, const std::vector<std::string>& roots, result& out)
      : ctx_(ctx), sm_(ctx.getSourceManager()), roots_(roots), out_(out) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return false; }

  // Unevaluated operands read nothing.
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr*) { return true; }
  bool TraverseDecltypeTypeLoc(DecltypeTypeLoc) { return true; }
  bool TraverseCXXNoexceptExpr(CXXNoexceptExpr*) { return true; }
  bool TraverseRequiresExpr(RequiresExpr*) { return true; }
  bool TraverseCXXTypeidExpr(CXXTypeidExpr* e) {
    return e->isPotentiallyEvaluated() ? RecursiveASTVisitor::TraverseCXXTypeidExpr(e) : true;
  }

  bool VisitMemberExpr(MemberExpr* e) {
    const auto* field = dyn_cast<FieldDecl>(e->getMemberDecl());
    if (field == nullptr || field->isBitField() || !in_roots(field->getParent()->getLocation())) return true;
    // A member whose type depends on a template parameter is left to the instantiations, whose
    // edits land in this same text: only they know whether `a[i]` reads an element of an array,
    // of a std::array or of a std::vector, or `v.size()` a vector's size.
    if (e->isTypeDependent()) return true;
    // A member array is read element by element where it is subscripted. In a template's
    // pattern, an index that depends on a parameter leaves the subscript to the instantiation,
    // with no decay between: the element is read there too, the text the instantiation wraps,
    // so the array is never read whole at `a[i]`.
    const Expr* target = e;
    if (e->getType()->isPointerType() && wrap_indexed(e)) return true;
    if (e->getType()->isArrayType()) {
      const Expr* user = parent_expr(e);
      if (const auto* cast = dyn_cast_or_null<ImplicitCastExpr>(user);
          cast != nullptr && cast->getCastKind() == CK_ArrayToPointerDecay)
        user = parent_expr(cast);
      if (const auto* sub = dyn_cast_or_null<ArraySubscriptExpr>(user);
          sub != nullptr && sub->getBase()->IgnoreParenImpCasts() == e)
        target = sub;
    }
    const bool array = is_std(e->getType(), "array");
    if (array || is_std(e->getType(), "vector")) {
      // A std::array or std::vector is read element by element too: where it is subscripted or
      // asked for one element. A std::array's size is no read at all; a std::vector's size is its
      // length slot, read with each element and by size() and empty(); any other use (begin(),
      // a range-for, passing it whole) reads its size and every live element.
      const Expr* child = nullptr;
      const Expr* user = user_of(e, child);
      const Expr* element = nullptr;
      bool size_only = false;
      if (const auto* call = dyn_cast_or_null<CXXOperatorCallExpr>(user);
          call != nullptr && call->getOperator() == OO_Subscript && call->getArg(0) == child)
        element = call;
      if (const auto* m = dyn_cast_or_null<MemberExpr>(user); m != nullptr && m->getBase() == child)
        if (const auto* method = dyn_cast<CXXMethodDecl>(m->getMemberDecl()); method != nullptr && method->getIdentifier()) {
          const StringRef name = method->getName();
          if (name == "max_size" || name == "capacity" || (array && (name == "size" || name == "empty"))) return true;
          size_only = name == "size" || name == "empty";
          if (name == "at" || name == "front" || name == "back")
            element = dyn_cast_or_null<CXXMemberCallExpr>(parent_expr(m));
        }
      if (element != nullptr) target = element;
      if (!array && (element != nullptr || size_only)) wrap(e, access_kind::size);
      if (size_only) return true;
    } else if (is_std_container(e->getType())) {
      // Another standard container, a string, an optional or a variant (contents.hpp): asked
      // only its size, whether it is empty or has a value, or which alternative it holds, it
      // reads only the slots that decide that (the invariant's first question is often a size,
      // and the search then varies no element for it); any other use reads it whole.
      const Expr* child = nullptr;
      if (const auto* m = dyn_cast_or_null<MemberExpr>(user_of(e, child)); m != nullptr && m->getBase() == child)
        if (const auto* method = dyn_cast<CXXMethodDecl>(m->getMemberDecl()); method != nullptr) {
          const bool presence = isa<CXXConversionDecl>(method) && is_std(e->getType(), "optional");  // `if (opt)`
          const StringRef name = method->getIdentifier() != nullptr ? method->getName() : StringRef();
          if (presence || name == "size" || name == "empty" || name == "length" || name == "has_value" ||
              name == "index") {
            wrap(e, access_kind::size);
            return true;
          }
        }
    }
    wrap(target);
    return true;
  }

 private:
  const Expr* parent_expr(const Expr* e) {
    for (const auto& p : ctx_.getParents(*e))
      if (const auto* pe = p.get<Expr>()) return pe;
    return nullptr;
  }

  // Whether t is a standard container, string, optional or variant other than std::array and
  // std::vector.
  static bool is_std_container(QualType t) {
    for (const char* name : {"list", "forward_list", "deque", "set", "multiset", "map", "multimap", "unordered_set",
                             "unordered_multiset", "unordered_map", "unordered_multimap", "basic_string", "optional",
                             "variant"})
      if (is_std(t, name)) return true;
    return false;
  }

  // Whether t is std::<name><...>.
  static bool is_std(QualType t, StringRef name) {
    const auto* spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(t->getAsCXXRecordDecl());
    return spec != nullptr && spec->isInStdNamespace() && spec->getIdentifier() != nullptr && spec->getName() == name;
  }

  // Parentheses and casts that only add const are transparent for what a member expression is
  // used as.
  const Expr* user_of(const Expr* e, const Expr*& child) {
    child = e;
    const Expr* p = parent_expr(e);
    while (p != nullptr && (isa<ParenExpr>(p) || (isa<ImplicitCastExpr>(p) && cast<ImplicitCastExpr>(p)->getCastKind() == CK_NoOp))) {
      child = p;
      p = parent_expr(p);
    }
    return p;
  }

  // A pointer member indexed as an array: `p[i]` becomes `::smallscope::read_indexed(p, i)`,
  // and `p + i`, `p - i` read `::smallscope::read_offset(p)`, so the search can refuse a pointer
  // bound to single objects that the code walks as an array. False for other uses.
  bool wrap_indexed(const MemberExpr* e) {
    const Expr* child = nullptr;
    const Expr* user = user_of(e, child);
    if (const auto* cast = dyn_cast_or_null<ImplicitCastExpr>(user); cast != nullptr && cast->getCastKind() == CK_LValueToRValue) {
      child = cast;
      user = parent_expr(cast);
      while (user != nullptr && isa<ParenExpr>(user)) {
        child = user;
        user = parent_expr(user);
      }
    } else {
      return false;
    }
    if (const auto* sub = dyn_cast_or_null<ArraySubscriptExpr>(user); sub != nullptr && sub->getBase() == child) {
      SourceLocation b = sub->getBeginLoc(), end = sub->getEndLoc(), base_end = sub->getBase()->getEndLoc();
      if (!spelled_in_file(b, end) || b.isMacroID() || base_end.isMacroID() || !in_roots(b)) return false;
      const auto open = Lexer::findNextToken(base_end, sm_, ctx_.getLangOpts());
      if (!open || !open->is(tok::l_square) || sm_.getFileID(open->getLocation()) != sm_.getFileID(b)) return false;
      const unsigned begin_offset = sm_.getFileOffset(b), close_offset = sm_.getFileOffset(end);
      if (close_offset <= begin_offset) return false;
      const int span = static_cast<int>(close_offset + 1 - begin_offset);
      add(b, 0, 0, "::smallscope::read_indexed(", -span);
      add(open->getLocation(), 0, 1, ", ", 0);
      add(end, 0, 1, ")", span);
      file_of(b).reads += 1;
      return true;
    }
    if (const auto* op = dyn_cast_or_null<BinaryOperator>(user);
        op != nullptr && (op->getOpcode() == BO_Add || op->getOpcode() == BO_Sub) && op->getType()->isPointerType()) {
      wrap(e, access_kind::offset);
      return true;
    }
    return false;
  }

  // Wraps e as a read (or a write or update, as its user says), or as a read of its size only.
  void wrap(const Expr* e, access_kind only = access_kind::read) {
    const Expr* child = nullptr;
    const Expr* user = user_of(e, child);
    access_kind kind = only;
    if (user != nullptr && only == access_kind::read) {
      // A struct (or struct element) used as the base of `.member`: the member is what is read.
      if (const auto* m = dyn_cast<MemberExpr>(user); m != nullptr && !m->isArrow() && m->getBase() == child &&
                                                        isa<FieldDecl>(m->getMemberDecl()) &&
                                                        !cast<FieldDecl>(m->getMemberDecl())->isBitField())
        return;
      if (const auto* u = dyn_cast<UnaryOperator>(user)) {
        if (u->isIncrementDecrementOp()) kind = access_kind::update;
      }
      if (const auto* b = dyn_cast<BinaryOperator>(user); b != nullptr && b->getLHS() == child) {
        if (b->getOpcode() == BO_Assign) kind = access_kind::write;
        else if (b->isCompoundAssignmentOp()) kind = access_kind::update;
      }
      if (const auto* call = dyn_cast<CXXOperatorCallExpr>(user);
          call != nullptr && call->getNumArgs() > 0 && call->getArg(0) == child &&
          (call->getOperator() == OO_Equal))
        kind = access_kind::write;
    }
    SourceLocation b = e->getBeginLoc(), end = e->getEndLoc();
    if (!spelled_in_file(b, end)) return;
    if (!in_roots(b)) {
      note_unobserved(b, e);
      return;
    }
    const unsigned begin_offset = sm_.getFileOffset(b);
    const SourceLocation after = Lexer::getLocForEndOfToken(end, 0, sm_, ctx_.getLangOpts());
    if (after.isInvalid()) return;
    const unsigned end_offset = sm_.getFileOffset(after);
    if (end_offset <= begin_offset || sm_.getFileID(b) != sm_.getFileID(after)) return;
    const int span = static_cast<int>(end_offset - begin_offset);
    // Openings: the outer (longer) expression first; closings: the inner one first.
    add(b, 0, 0, wrapper(kind), -span);
    add(after, 0, 0, ")", span);
    auto& f = file_of(b);
    (kind == access_kind::write || kind == access_kind::update ? f.writes : f.reads) += 1;
  }

  // A read of a field of a class of the roots, in a user's file outside them: the search will not
  // see it (smallscope-instrument warns, naming the file).
  void note_unobserved(SourceLocation b, const Expr* e) {
    const SourceLocation at = sm_.getSpellingLoc(sm_.getExpansionLoc(b));
    if (at.isInvalid() || sm_.isInSystemHeader(at)) return;
    const FileEntry* entry = sm_.getFileEntryForID(sm_.getFileID(at));
    if (entry == nullptr) return;
    std::error_code ec;
    const std::string path = fs::weakly_canonical(fs::path(entry->tryGetRealPathName().str()), ec).string();
    if (path.empty()) return;
    unobserved_reads& u = out_.unobserved[path];
    if (u.count++ != 0) return;
    u.line = sm_.getSpellingLineNumber(at);
    u.column = sm_.getSpellingColumnNumber(at);
    const Expr* member = e->IgnoreParenImpCasts();
    if (const auto* sub = dyn_cast<ArraySubscriptExpr>(member)) member = sub->getBase()->IgnoreParenImpCasts();
    if (const auto* m = dyn_cast<MemberExpr>(member)) u.member = m->getMemberDecl()->getQualifiedNameAsString();
  }

  // Maps a macro argument back to where it is spelled; false for other macro text.
  bool spelled_in_file(SourceLocation& b, SourceLocation& e) {
    if (!b.isMacroID() && !e.isMacroID()) return true;
    if (!sm_.isMacroArgExpansion(b) || !sm_.isMacroArgExpansion(e)) return false;
    b = sm_.getSpellingLoc(b);
    e = sm_.getSpellingLoc(e);
    return !b.isMacroID() && !e.isMacroID() && sm_.getFileID(b) == sm_.getFileID(e) &&
           sm_.getFileOffset(b) <= sm_.getFileOffset(e);
  }

  bool in_roots(SourceLocation loc) {
    const SourceLocation at = sm_.getSpellingLoc(sm_.getExpansionLoc(loc));
    const FileID id = sm_.getFileID(at);
    const auto known = decided_.find(id);
    if (known != decided_.end()) return known->second;
    bool inside = false;
    if (const FileEntry* entry = sm_.getFileEntryForID(id)) {
      std::error_code ec;
      const fs::path path = fs::weakly_canonical(fs::path(entry->tryGetRealPathName().str()), ec);
      for (const std::string& root : roots_) {
        const std::string p = path.string();
        if (p.size() > root.size() && p.compare(0, root.size(), root) == 0 && p[root.size()] == '/') inside = true;
      }
      if (inside && out_.files.count(path.string()) == 0) out_.files[path.string()].code = clang_front::read_text(path.string());
      if (inside) paths_[id] = path.string();
    }
    decided_[id] = inside;
    return inside;
  }

  file_edits& file_of(SourceLocation loc) { return out_.files[paths_.at(sm_.getFileID(loc))]; }

 public:
  // The editing the wrapping of class allocation functions shares (class_allocation.hpp).
  source_editor editor() {
    return {[this](SourceLocation at) { return in_roots(at); },
            [this](SourceLocation at, const std::string& text, int order) { add(at, 0, 0, text, order); }};
  }

  // Every file under the roots that the unit included, with edits or without: a header with no
  // field read is copied too, so a copy's includes never reach an original beside it.
  void add_every_file() {
    for (auto it = sm_.fileinfo_begin(); it != sm_.fileinfo_end(); ++it) {
      const FileEntry* entry = it->first;
      if (entry == nullptr) continue;
      std::error_code ec;
      const std::string path = fs::weakly_canonical(fs::path(entry->tryGetRealPathName().str()), ec).string();
      if (path.empty() || out_.files.count(path) != 0) continue;
      for (const std::string& root : roots_)
        if (path.size() > root.size() && path.compare(0, root.size(), root) == 0 && path[root.size()] == '/') {
          out_.files[path].code = clang_front::read_text(path);
          break;
        }
    }
  }

 private:

  void add(SourceLocation at, unsigned skip, unsigned length, const std::string& text, int order) {
    if (!in_roots(at)) return;
    edit e;
    e.offset = sm_.getFileOffset(at) + skip;
    e.length = length;
    e.text = text;
    e.order = order;
    file_of(at).edits.insert(e);
  }

  ASTContext& ctx_;
  SourceManager& sm_;
  const std::vector<std::string>& roots_;
  result& out_;
  std::map<FileID, bool> decided_;
  std::map<FileID, std::string> paths_;
};


}  // namespace

result collect(const request& r) {
  result out;
  std::vector<std::string> roots;
  for (const std::string& root : r.roots) {
    std::error_code ec;
    std::string p = fs::weakly_canonical(fs::path(root), ec).string();
    while (p.size() > 1 && p.back() == '/') p.pop_back();
    roots.push_back(p);
  }
  std::set<std::string> read;
  for (const std::string& source : r.sources) {
    // Private members are open to the test code (the finitization, the invariant and the
    // postconditions name them): the target compiles with -fno-access-control too.
    auto ast = clang_front::parse(source, clang_front::read_text(source), {"-Wno-everything", "-fno-access-control"},
                                  r.compiler_arguments, "smallscope-instrument");
    ASTContext& ctx = ast->getASTContext();
    field_accesses visitor(ctx, roots, out);
    visitor.TraverseDecl(ctx.getTranslationUnitDecl());
    wrap_class_allocation(ctx, visitor.editor());
    visitor.add_every_file();
    std::error_code ec;
    read.insert(fs::weakly_canonical(fs::path(source), ec).string());
  }
  // The files of the roots are what the build must watch (system headers do not change).
  for (const auto& [path, edits] : out.files) read.insert(path);
  out.read.assign(read.begin(), read.end());
  return out;
}

std::string rewrite(const file_edits& f, const std::string& original_path) {
  std::string text;
  unsigned at = 0;
  for (const edit& e : f.edits) {
    if (e.offset < at) continue;  // overlapping replacements cannot happen; be safe
    text.append(f.code, at, e.offset - at);
    text += e.text;
    at = e.offset + e.length;
  }
  text.append(f.code, at, std::string::npos);
  // The support include first, then the original line numbers and file name.
  std::string quoted;
  for (const char c : original_path) {
    if (c == '"' || c == '\\') quoted += '\\';
    quoted += c;
  }
  return std::string(copy_marker) + "\n#line 1 \"" + quoted + "\"\n" + text;
}

}  // namespace smallscope::instrument
