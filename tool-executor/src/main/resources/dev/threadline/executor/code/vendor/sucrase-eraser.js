(() => {
  var __create = Object.create;
  var __defProp = Object.defineProperty;
  var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
  var __getOwnPropNames = Object.getOwnPropertyNames;
  var __getProtoOf = Object.getPrototypeOf, __hasOwnProp = Object.prototype.hasOwnProperty;
  var __esm = (fn, res, err) => function() {
    if (err) throw err[0];
    try {
      return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
    } catch (e) {
      throw err = [e], e;
    }
  };
  var __commonJS = (cb, mod) => function() {
    try {
      return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
    } catch (e) {
      throw mod = 0, e;
    }
  };
  var __copyProps = (to, from, except, desc) => {
    if (from && typeof from == "object" || typeof from == "function")
      for (let key of __getOwnPropNames(from))
        !__hasOwnProp.call(to, key) && key !== except && __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
    return to;
  };
  var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
    // If the importer is in node compatibility mode or this is not an ESM
    // file that has been converted to a CommonJS file using a Babel-
    // compatible transform (i.e. "__esModule" has not been set), then set
    // "default" to the CommonJS "module.exports" for node compatibility.
    isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: !0 }) : target,
    mod
  ));

  // node_modules/sucrase/dist/esm/parser/tokenizer/keywords.js
  var ContextualKeyword, init_keywords = __esm({
    "node_modules/sucrase/dist/esm/parser/tokenizer/keywords.js"() {
      (function(ContextualKeyword2) {
        ContextualKeyword2[ContextualKeyword2.NONE = 0] = "NONE";
        let _abstract = 1;
        ContextualKeyword2[ContextualKeyword2._abstract = _abstract] = "_abstract";
        let _accessor = _abstract + 1;
        ContextualKeyword2[ContextualKeyword2._accessor = _accessor] = "_accessor";
        let _as = _accessor + 1;
        ContextualKeyword2[ContextualKeyword2._as = _as] = "_as";
        let _assert = _as + 1;
        ContextualKeyword2[ContextualKeyword2._assert = _assert] = "_assert";
        let _asserts = _assert + 1;
        ContextualKeyword2[ContextualKeyword2._asserts = _asserts] = "_asserts";
        let _async = _asserts + 1;
        ContextualKeyword2[ContextualKeyword2._async = _async] = "_async";
        let _await = _async + 1;
        ContextualKeyword2[ContextualKeyword2._await = _await] = "_await";
        let _checks = _await + 1;
        ContextualKeyword2[ContextualKeyword2._checks = _checks] = "_checks";
        let _constructor = _checks + 1;
        ContextualKeyword2[ContextualKeyword2._constructor = _constructor] = "_constructor";
        let _declare = _constructor + 1;
        ContextualKeyword2[ContextualKeyword2._declare = _declare] = "_declare";
        let _enum = _declare + 1;
        ContextualKeyword2[ContextualKeyword2._enum = _enum] = "_enum";
        let _exports = _enum + 1;
        ContextualKeyword2[ContextualKeyword2._exports = _exports] = "_exports";
        let _from = _exports + 1;
        ContextualKeyword2[ContextualKeyword2._from = _from] = "_from";
        let _get = _from + 1;
        ContextualKeyword2[ContextualKeyword2._get = _get] = "_get";
        let _global = _get + 1;
        ContextualKeyword2[ContextualKeyword2._global = _global] = "_global";
        let _implements = _global + 1;
        ContextualKeyword2[ContextualKeyword2._implements = _implements] = "_implements";
        let _infer = _implements + 1;
        ContextualKeyword2[ContextualKeyword2._infer = _infer] = "_infer";
        let _interface = _infer + 1;
        ContextualKeyword2[ContextualKeyword2._interface = _interface] = "_interface";
        let _is = _interface + 1;
        ContextualKeyword2[ContextualKeyword2._is = _is] = "_is";
        let _keyof = _is + 1;
        ContextualKeyword2[ContextualKeyword2._keyof = _keyof] = "_keyof";
        let _mixins = _keyof + 1;
        ContextualKeyword2[ContextualKeyword2._mixins = _mixins] = "_mixins";
        let _module = _mixins + 1;
        ContextualKeyword2[ContextualKeyword2._module = _module] = "_module";
        let _namespace = _module + 1;
        ContextualKeyword2[ContextualKeyword2._namespace = _namespace] = "_namespace";
        let _of = _namespace + 1;
        ContextualKeyword2[ContextualKeyword2._of = _of] = "_of";
        let _opaque = _of + 1;
        ContextualKeyword2[ContextualKeyword2._opaque = _opaque] = "_opaque";
        let _out = _opaque + 1;
        ContextualKeyword2[ContextualKeyword2._out = _out] = "_out";
        let _override = _out + 1;
        ContextualKeyword2[ContextualKeyword2._override = _override] = "_override";
        let _private = _override + 1;
        ContextualKeyword2[ContextualKeyword2._private = _private] = "_private";
        let _protected = _private + 1;
        ContextualKeyword2[ContextualKeyword2._protected = _protected] = "_protected";
        let _proto = _protected + 1;
        ContextualKeyword2[ContextualKeyword2._proto = _proto] = "_proto";
        let _public = _proto + 1;
        ContextualKeyword2[ContextualKeyword2._public = _public] = "_public";
        let _readonly = _public + 1;
        ContextualKeyword2[ContextualKeyword2._readonly = _readonly] = "_readonly";
        let _require = _readonly + 1;
        ContextualKeyword2[ContextualKeyword2._require = _require] = "_require";
        let _satisfies = _require + 1;
        ContextualKeyword2[ContextualKeyword2._satisfies = _satisfies] = "_satisfies";
        let _set = _satisfies + 1;
        ContextualKeyword2[ContextualKeyword2._set = _set] = "_set";
        let _static = _set + 1;
        ContextualKeyword2[ContextualKeyword2._static = _static] = "_static";
        let _symbol = _static + 1;
        ContextualKeyword2[ContextualKeyword2._symbol = _symbol] = "_symbol";
        let _type = _symbol + 1;
        ContextualKeyword2[ContextualKeyword2._type = _type] = "_type";
        let _unique = _type + 1;
        ContextualKeyword2[ContextualKeyword2._unique = _unique] = "_unique";
        let _using = _unique + 1;
        ContextualKeyword2[ContextualKeyword2._using = _using] = "_using";
      })(ContextualKeyword || (ContextualKeyword = {}));
    }
  });

  // node_modules/sucrase/dist/esm/parser/tokenizer/types.js
  function formatTokenType(tokenType) {
    switch (tokenType) {
      case TokenType.num:
        return "num";
      case TokenType.bigint:
        return "bigint";
      case TokenType.decimal:
        return "decimal";
      case TokenType.regexp:
        return "regexp";
      case TokenType.string:
        return "string";
      case TokenType.name:
        return "name";
      case TokenType.eof:
        return "eof";
      case TokenType.bracketL:
        return "[";
      case TokenType.bracketR:
        return "]";
      case TokenType.braceL:
        return "{";
      case TokenType.braceBarL:
        return "{|";
      case TokenType.braceR:
        return "}";
      case TokenType.braceBarR:
        return "|}";
      case TokenType.parenL:
        return "(";
      case TokenType.parenR:
        return ")";
      case TokenType.comma:
        return ",";
      case TokenType.semi:
        return ";";
      case TokenType.colon:
        return ":";
      case TokenType.doubleColon:
        return "::";
      case TokenType.dot:
        return ".";
      case TokenType.question:
        return "?";
      case TokenType.questionDot:
        return "?.";
      case TokenType.arrow:
        return "=>";
      case TokenType.template:
        return "template";
      case TokenType.ellipsis:
        return "...";
      case TokenType.backQuote:
        return "`";
      case TokenType.dollarBraceL:
        return "${";
      case TokenType.at:
        return "@";
      case TokenType.hash:
        return "#";
      case TokenType.eq:
        return "=";
      case TokenType.assign:
        return "_=";
      case TokenType.preIncDec:
        return "++/--";
      case TokenType.postIncDec:
        return "++/--";
      case TokenType.bang:
        return "!";
      case TokenType.tilde:
        return "~";
      case TokenType.pipeline:
        return "|>";
      case TokenType.nullishCoalescing:
        return "??";
      case TokenType.logicalOR:
        return "||";
      case TokenType.logicalAND:
        return "&&";
      case TokenType.bitwiseOR:
        return "|";
      case TokenType.bitwiseXOR:
        return "^";
      case TokenType.bitwiseAND:
        return "&";
      case TokenType.equality:
        return "==/!=";
      case TokenType.lessThan:
        return "<";
      case TokenType.greaterThan:
        return ">";
      case TokenType.relationalOrEqual:
        return "<=/>=";
      case TokenType.bitShiftL:
        return "<<";
      case TokenType.bitShiftR:
        return ">>/>>>";
      case TokenType.plus:
        return "+";
      case TokenType.minus:
        return "-";
      case TokenType.modulo:
        return "%";
      case TokenType.star:
        return "*";
      case TokenType.slash:
        return "/";
      case TokenType.exponent:
        return "**";
      case TokenType.jsxName:
        return "jsxName";
      case TokenType.jsxText:
        return "jsxText";
      case TokenType.jsxEmptyText:
        return "jsxEmptyText";
      case TokenType.jsxTagStart:
        return "jsxTagStart";
      case TokenType.jsxTagEnd:
        return "jsxTagEnd";
      case TokenType.typeParameterStart:
        return "typeParameterStart";
      case TokenType.nonNullAssertion:
        return "nonNullAssertion";
      case TokenType._break:
        return "break";
      case TokenType._case:
        return "case";
      case TokenType._catch:
        return "catch";
      case TokenType._continue:
        return "continue";
      case TokenType._debugger:
        return "debugger";
      case TokenType._default:
        return "default";
      case TokenType._do:
        return "do";
      case TokenType._else:
        return "else";
      case TokenType._finally:
        return "finally";
      case TokenType._for:
        return "for";
      case TokenType._function:
        return "function";
      case TokenType._if:
        return "if";
      case TokenType._return:
        return "return";
      case TokenType._switch:
        return "switch";
      case TokenType._throw:
        return "throw";
      case TokenType._try:
        return "try";
      case TokenType._var:
        return "var";
      case TokenType._let:
        return "let";
      case TokenType._const:
        return "const";
      case TokenType._while:
        return "while";
      case TokenType._with:
        return "with";
      case TokenType._new:
        return "new";
      case TokenType._this:
        return "this";
      case TokenType._super:
        return "super";
      case TokenType._class:
        return "class";
      case TokenType._extends:
        return "extends";
      case TokenType._export:
        return "export";
      case TokenType._import:
        return "import";
      case TokenType._yield:
        return "yield";
      case TokenType._null:
        return "null";
      case TokenType._true:
        return "true";
      case TokenType._false:
        return "false";
      case TokenType._in:
        return "in";
      case TokenType._instanceof:
        return "instanceof";
      case TokenType._typeof:
        return "typeof";
      case TokenType._void:
        return "void";
      case TokenType._delete:
        return "delete";
      case TokenType._async:
        return "async";
      case TokenType._get:
        return "get";
      case TokenType._set:
        return "set";
      case TokenType._declare:
        return "declare";
      case TokenType._readonly:
        return "readonly";
      case TokenType._abstract:
        return "abstract";
      case TokenType._static:
        return "static";
      case TokenType._public:
        return "public";
      case TokenType._private:
        return "private";
      case TokenType._protected:
        return "protected";
      case TokenType._override:
        return "override";
      case TokenType._as:
        return "as";
      case TokenType._enum:
        return "enum";
      case TokenType._type:
        return "type";
      case TokenType._implements:
        return "implements";
      default:
        return "";
    }
  }
  var TokenType, init_types = __esm({
    "node_modules/sucrase/dist/esm/parser/tokenizer/types.js"() {
      (function(TokenType2) {
        TokenType2[TokenType2.PRECEDENCE_MASK = 15] = "PRECEDENCE_MASK";
        let IS_KEYWORD = 16;
        TokenType2[TokenType2.IS_KEYWORD = IS_KEYWORD] = "IS_KEYWORD";
        let IS_ASSIGN = 32;
        TokenType2[TokenType2.IS_ASSIGN = IS_ASSIGN] = "IS_ASSIGN";
        let IS_RIGHT_ASSOCIATIVE = 64;
        TokenType2[TokenType2.IS_RIGHT_ASSOCIATIVE = IS_RIGHT_ASSOCIATIVE] = "IS_RIGHT_ASSOCIATIVE";
        let IS_PREFIX = 128;
        TokenType2[TokenType2.IS_PREFIX = IS_PREFIX] = "IS_PREFIX";
        let IS_POSTFIX = 256;
        TokenType2[TokenType2.IS_POSTFIX = IS_POSTFIX] = "IS_POSTFIX";
        let IS_EXPRESSION_START = 512;
        TokenType2[TokenType2.IS_EXPRESSION_START = IS_EXPRESSION_START] = "IS_EXPRESSION_START";
        let num = 512;
        TokenType2[TokenType2.num = num] = "num";
        let bigint = 1536;
        TokenType2[TokenType2.bigint = bigint] = "bigint";
        let decimal = 2560;
        TokenType2[TokenType2.decimal = decimal] = "decimal";
        let regexp = 3584;
        TokenType2[TokenType2.regexp = regexp] = "regexp";
        let string = 4608;
        TokenType2[TokenType2.string = string] = "string";
        let name = 5632;
        TokenType2[TokenType2.name = name] = "name";
        let eof = 6144;
        TokenType2[TokenType2.eof = eof] = "eof";
        let bracketL = 7680;
        TokenType2[TokenType2.bracketL = bracketL] = "bracketL";
        let bracketR = 8192;
        TokenType2[TokenType2.bracketR = bracketR] = "bracketR";
        let braceL = 9728;
        TokenType2[TokenType2.braceL = braceL] = "braceL";
        let braceBarL = 10752;
        TokenType2[TokenType2.braceBarL = braceBarL] = "braceBarL";
        let braceR = 11264;
        TokenType2[TokenType2.braceR = braceR] = "braceR";
        let braceBarR = 12288;
        TokenType2[TokenType2.braceBarR = braceBarR] = "braceBarR";
        let parenL = 13824;
        TokenType2[TokenType2.parenL = parenL] = "parenL";
        let parenR = 14336;
        TokenType2[TokenType2.parenR = parenR] = "parenR";
        let comma2 = 15360;
        TokenType2[TokenType2.comma = comma2] = "comma";
        let semi = 16384;
        TokenType2[TokenType2.semi = semi] = "semi";
        let colon = 17408;
        TokenType2[TokenType2.colon = colon] = "colon";
        let doubleColon = 18432;
        TokenType2[TokenType2.doubleColon = doubleColon] = "doubleColon";
        let dot = 19456;
        TokenType2[TokenType2.dot = dot] = "dot";
        let question = 20480;
        TokenType2[TokenType2.question = question] = "question";
        let questionDot = 21504;
        TokenType2[TokenType2.questionDot = questionDot] = "questionDot";
        let arrow = 22528;
        TokenType2[TokenType2.arrow = arrow] = "arrow";
        let template = 23552;
        TokenType2[TokenType2.template = template] = "template";
        let ellipsis = 24576;
        TokenType2[TokenType2.ellipsis = ellipsis] = "ellipsis";
        let backQuote = 25600;
        TokenType2[TokenType2.backQuote = backQuote] = "backQuote";
        let dollarBraceL = 27136;
        TokenType2[TokenType2.dollarBraceL = dollarBraceL] = "dollarBraceL";
        let at = 27648;
        TokenType2[TokenType2.at = at] = "at";
        let hash = 29184;
        TokenType2[TokenType2.hash = hash] = "hash";
        let eq = 29728;
        TokenType2[TokenType2.eq = eq] = "eq";
        let assign = 30752;
        TokenType2[TokenType2.assign = assign] = "assign";
        let preIncDec = 32640;
        TokenType2[TokenType2.preIncDec = preIncDec] = "preIncDec";
        let postIncDec = 33664;
        TokenType2[TokenType2.postIncDec = postIncDec] = "postIncDec";
        let bang = 34432;
        TokenType2[TokenType2.bang = bang] = "bang";
        let tilde = 35456;
        TokenType2[TokenType2.tilde = tilde] = "tilde";
        let pipeline = 35841;
        TokenType2[TokenType2.pipeline = pipeline] = "pipeline";
        let nullishCoalescing = 36866;
        TokenType2[TokenType2.nullishCoalescing = nullishCoalescing] = "nullishCoalescing";
        let logicalOR = 37890;
        TokenType2[TokenType2.logicalOR = logicalOR] = "logicalOR";
        let logicalAND = 38915;
        TokenType2[TokenType2.logicalAND = logicalAND] = "logicalAND";
        let bitwiseOR = 39940;
        TokenType2[TokenType2.bitwiseOR = bitwiseOR] = "bitwiseOR";
        let bitwiseXOR = 40965;
        TokenType2[TokenType2.bitwiseXOR = bitwiseXOR] = "bitwiseXOR";
        let bitwiseAND = 41990;
        TokenType2[TokenType2.bitwiseAND = bitwiseAND] = "bitwiseAND";
        let equality = 43015;
        TokenType2[TokenType2.equality = equality] = "equality";
        let lessThan = 44040;
        TokenType2[TokenType2.lessThan = lessThan] = "lessThan";
        let greaterThan = 45064;
        TokenType2[TokenType2.greaterThan = greaterThan] = "greaterThan";
        let relationalOrEqual = 46088;
        TokenType2[TokenType2.relationalOrEqual = relationalOrEqual] = "relationalOrEqual";
        let bitShiftL = 47113;
        TokenType2[TokenType2.bitShiftL = bitShiftL] = "bitShiftL";
        let bitShiftR = 48137;
        TokenType2[TokenType2.bitShiftR = bitShiftR] = "bitShiftR";
        let plus = 49802;
        TokenType2[TokenType2.plus = plus] = "plus";
        let minus = 50826;
        TokenType2[TokenType2.minus = minus] = "minus";
        let modulo = 51723;
        TokenType2[TokenType2.modulo = modulo] = "modulo";
        let star = 52235;
        TokenType2[TokenType2.star = star] = "star";
        let slash = 53259;
        TokenType2[TokenType2.slash = slash] = "slash";
        let exponent = 54348;
        TokenType2[TokenType2.exponent = exponent] = "exponent";
        let jsxName = 55296;
        TokenType2[TokenType2.jsxName = jsxName] = "jsxName";
        let jsxText = 56320;
        TokenType2[TokenType2.jsxText = jsxText] = "jsxText";
        let jsxEmptyText = 57344;
        TokenType2[TokenType2.jsxEmptyText = jsxEmptyText] = "jsxEmptyText";
        let jsxTagStart = 58880;
        TokenType2[TokenType2.jsxTagStart = jsxTagStart] = "jsxTagStart";
        let jsxTagEnd = 59392;
        TokenType2[TokenType2.jsxTagEnd = jsxTagEnd] = "jsxTagEnd";
        let typeParameterStart = 60928;
        TokenType2[TokenType2.typeParameterStart = typeParameterStart] = "typeParameterStart";
        let nonNullAssertion = 61440;
        TokenType2[TokenType2.nonNullAssertion = nonNullAssertion] = "nonNullAssertion";
        let _break = 62480;
        TokenType2[TokenType2._break = _break] = "_break";
        let _case = 63504;
        TokenType2[TokenType2._case = _case] = "_case";
        let _catch = 64528;
        TokenType2[TokenType2._catch = _catch] = "_catch";
        let _continue = 65552;
        TokenType2[TokenType2._continue = _continue] = "_continue";
        let _debugger = 66576;
        TokenType2[TokenType2._debugger = _debugger] = "_debugger";
        let _default = 67600;
        TokenType2[TokenType2._default = _default] = "_default";
        let _do = 68624;
        TokenType2[TokenType2._do = _do] = "_do";
        let _else = 69648;
        TokenType2[TokenType2._else = _else] = "_else";
        let _finally = 70672;
        TokenType2[TokenType2._finally = _finally] = "_finally";
        let _for = 71696;
        TokenType2[TokenType2._for = _for] = "_for";
        let _function = 73232;
        TokenType2[TokenType2._function = _function] = "_function";
        let _if = 73744;
        TokenType2[TokenType2._if = _if] = "_if";
        let _return = 74768;
        TokenType2[TokenType2._return = _return] = "_return";
        let _switch = 75792;
        TokenType2[TokenType2._switch = _switch] = "_switch";
        let _throw = 77456;
        TokenType2[TokenType2._throw = _throw] = "_throw";
        let _try = 77840;
        TokenType2[TokenType2._try = _try] = "_try";
        let _var = 78864;
        TokenType2[TokenType2._var = _var] = "_var";
        let _let = 79888;
        TokenType2[TokenType2._let = _let] = "_let";
        let _const = 80912;
        TokenType2[TokenType2._const = _const] = "_const";
        let _while = 81936;
        TokenType2[TokenType2._while = _while] = "_while";
        let _with = 82960;
        TokenType2[TokenType2._with = _with] = "_with";
        let _new = 84496;
        TokenType2[TokenType2._new = _new] = "_new";
        let _this = 85520;
        TokenType2[TokenType2._this = _this] = "_this";
        let _super = 86544;
        TokenType2[TokenType2._super = _super] = "_super";
        let _class = 87568;
        TokenType2[TokenType2._class = _class] = "_class";
        let _extends = 88080;
        TokenType2[TokenType2._extends = _extends] = "_extends";
        let _export = 89104;
        TokenType2[TokenType2._export = _export] = "_export";
        let _import = 90640;
        TokenType2[TokenType2._import = _import] = "_import";
        let _yield = 91664;
        TokenType2[TokenType2._yield = _yield] = "_yield";
        let _null = 92688;
        TokenType2[TokenType2._null = _null] = "_null";
        let _true = 93712;
        TokenType2[TokenType2._true = _true] = "_true";
        let _false = 94736;
        TokenType2[TokenType2._false = _false] = "_false";
        let _in = 95256;
        TokenType2[TokenType2._in = _in] = "_in";
        let _instanceof = 96280;
        TokenType2[TokenType2._instanceof = _instanceof] = "_instanceof";
        let _typeof = 97936;
        TokenType2[TokenType2._typeof = _typeof] = "_typeof";
        let _void = 98960;
        TokenType2[TokenType2._void = _void] = "_void";
        let _delete = 99984;
        TokenType2[TokenType2._delete = _delete] = "_delete";
        let _async = 100880;
        TokenType2[TokenType2._async = _async] = "_async";
        let _get = 101904;
        TokenType2[TokenType2._get = _get] = "_get";
        let _set = 102928;
        TokenType2[TokenType2._set = _set] = "_set";
        let _declare = 103952;
        TokenType2[TokenType2._declare = _declare] = "_declare";
        let _readonly = 104976;
        TokenType2[TokenType2._readonly = _readonly] = "_readonly";
        let _abstract = 106e3;
        TokenType2[TokenType2._abstract = _abstract] = "_abstract";
        let _static = 107024;
        TokenType2[TokenType2._static = _static] = "_static";
        let _public = 107536;
        TokenType2[TokenType2._public = _public] = "_public";
        let _private = 108560;
        TokenType2[TokenType2._private = _private] = "_private";
        let _protected = 109584;
        TokenType2[TokenType2._protected = _protected] = "_protected";
        let _override = 110608;
        TokenType2[TokenType2._override = _override] = "_override";
        let _as = 112144;
        TokenType2[TokenType2._as = _as] = "_as";
        let _enum = 113168;
        TokenType2[TokenType2._enum = _enum] = "_enum";
        let _type = 114192;
        TokenType2[TokenType2._type = _type] = "_type";
        let _implements = 115216;
        TokenType2[TokenType2._implements = _implements] = "_implements";
      })(TokenType || (TokenType = {}));
    }
  });

  // node_modules/sucrase/dist/esm/parser/tokenizer/state.js
  var Scope, StateSnapshot, State, init_state = __esm({
    "node_modules/sucrase/dist/esm/parser/tokenizer/state.js"() {
      init_keywords();
      init_types();
      Scope = class {
        constructor(startTokenIndex, endTokenIndex, isFunctionScope) {
          this.startTokenIndex = startTokenIndex, this.endTokenIndex = endTokenIndex, this.isFunctionScope = isFunctionScope;
        }
      }, StateSnapshot = class {
        constructor(potentialArrowAt, noAnonFunctionType, inDisallowConditionalTypesContext, tokensLength, scopesLength, pos, type, contextualKeyword, start, end, isType, scopeDepth, error) {
          this.potentialArrowAt = potentialArrowAt, this.noAnonFunctionType = noAnonFunctionType, this.inDisallowConditionalTypesContext = inDisallowConditionalTypesContext, this.tokensLength = tokensLength, this.scopesLength = scopesLength, this.pos = pos, this.type = type, this.contextualKeyword = contextualKeyword, this.start = start, this.end = end, this.isType = isType, this.scopeDepth = scopeDepth, this.error = error;
        }
      }, State = class _State {
        constructor() {
          _State.prototype.__init.call(this), _State.prototype.__init2.call(this), _State.prototype.__init3.call(this), _State.prototype.__init4.call(this), _State.prototype.__init5.call(this), _State.prototype.__init6.call(this), _State.prototype.__init7.call(this), _State.prototype.__init8.call(this), _State.prototype.__init9.call(this), _State.prototype.__init10.call(this), _State.prototype.__init11.call(this), _State.prototype.__init12.call(this), _State.prototype.__init13.call(this);
        }
        // Used to signify the start of a potential arrow function
        __init() {
          this.potentialArrowAt = -1;
        }
        // Used by Flow to handle an edge case involving function type parsing.
        __init2() {
          this.noAnonFunctionType = !1;
        }
        // Used by TypeScript to handle ambiguities when parsing conditional types.
        __init3() {
          this.inDisallowConditionalTypesContext = !1;
        }
        // Token store.
        __init4() {
          this.tokens = [];
        }
        // Array of all observed scopes, ordered by their ending position.
        __init5() {
          this.scopes = [];
        }
        // The current position of the tokenizer in the input.
        __init6() {
          this.pos = 0;
        }
        // Information about the current token.
        __init7() {
          this.type = TokenType.eof;
        }
        __init8() {
          this.contextualKeyword = ContextualKeyword.NONE;
        }
        __init9() {
          this.start = 0;
        }
        __init10() {
          this.end = 0;
        }
        __init11() {
          this.isType = !1;
        }
        __init12() {
          this.scopeDepth = 0;
        }
        /**
         * If the parser is in an error state, then the token is always tt.eof and all functions can
         * keep executing but should be written so they don't get into an infinite loop in this situation.
         *
         * This approach, combined with the ability to snapshot and restore state, allows us to implement
         * backtracking without exceptions and without needing to explicitly propagate error states
         * everywhere.
         */
        __init13() {
          this.error = null;
        }
        snapshot() {
          return new StateSnapshot(
            this.potentialArrowAt,
            this.noAnonFunctionType,
            this.inDisallowConditionalTypesContext,
            this.tokens.length,
            this.scopes.length,
            this.pos,
            this.type,
            this.contextualKeyword,
            this.start,
            this.end,
            this.isType,
            this.scopeDepth,
            this.error
          );
        }
        restoreFromSnapshot(snapshot) {
          this.potentialArrowAt = snapshot.potentialArrowAt, this.noAnonFunctionType = snapshot.noAnonFunctionType, this.inDisallowConditionalTypesContext = snapshot.inDisallowConditionalTypesContext, this.tokens.length = snapshot.tokensLength, this.scopes.length = snapshot.scopesLength, this.pos = snapshot.pos, this.type = snapshot.type, this.contextualKeyword = snapshot.contextualKeyword, this.start = snapshot.start, this.end = snapshot.end, this.isType = snapshot.isType, this.scopeDepth = snapshot.scopeDepth, this.error = snapshot.error;
        }
      };
    }
  });

  // node_modules/sucrase/dist/esm/parser/util/charcodes.js
  var charCodes, init_charcodes = __esm({
    "node_modules/sucrase/dist/esm/parser/util/charcodes.js"() {
      (function(charCodes2) {
        charCodes2[charCodes2.backSpace = 8] = "backSpace";
        let lineFeed = 10;
        charCodes2[charCodes2.lineFeed = lineFeed] = "lineFeed";
        let tab = 9;
        charCodes2[charCodes2.tab = tab] = "tab";
        let carriageReturn = 13;
        charCodes2[charCodes2.carriageReturn = carriageReturn] = "carriageReturn";
        let shiftOut = 14;
        charCodes2[charCodes2.shiftOut = shiftOut] = "shiftOut";
        let space = 32;
        charCodes2[charCodes2.space = space] = "space";
        let exclamationMark = 33;
        charCodes2[charCodes2.exclamationMark = exclamationMark] = "exclamationMark";
        let quotationMark = 34;
        charCodes2[charCodes2.quotationMark = quotationMark] = "quotationMark";
        let numberSign = 35;
        charCodes2[charCodes2.numberSign = numberSign] = "numberSign";
        let dollarSign = 36;
        charCodes2[charCodes2.dollarSign = dollarSign] = "dollarSign";
        let percentSign = 37;
        charCodes2[charCodes2.percentSign = percentSign] = "percentSign";
        let ampersand = 38;
        charCodes2[charCodes2.ampersand = ampersand] = "ampersand";
        let apostrophe = 39;
        charCodes2[charCodes2.apostrophe = apostrophe] = "apostrophe";
        let leftParenthesis = 40;
        charCodes2[charCodes2.leftParenthesis = leftParenthesis] = "leftParenthesis";
        let rightParenthesis = 41;
        charCodes2[charCodes2.rightParenthesis = rightParenthesis] = "rightParenthesis";
        let asterisk = 42;
        charCodes2[charCodes2.asterisk = asterisk] = "asterisk";
        let plusSign = 43;
        charCodes2[charCodes2.plusSign = plusSign] = "plusSign";
        let comma2 = 44;
        charCodes2[charCodes2.comma = comma2] = "comma";
        let dash = 45;
        charCodes2[charCodes2.dash = dash] = "dash";
        let dot = 46;
        charCodes2[charCodes2.dot = dot] = "dot";
        let slash = 47;
        charCodes2[charCodes2.slash = slash] = "slash";
        let digit0 = 48;
        charCodes2[charCodes2.digit0 = digit0] = "digit0";
        let digit1 = 49;
        charCodes2[charCodes2.digit1 = digit1] = "digit1";
        let digit2 = 50;
        charCodes2[charCodes2.digit2 = digit2] = "digit2";
        let digit3 = 51;
        charCodes2[charCodes2.digit3 = digit3] = "digit3";
        let digit4 = 52;
        charCodes2[charCodes2.digit4 = digit4] = "digit4";
        let digit5 = 53;
        charCodes2[charCodes2.digit5 = digit5] = "digit5";
        let digit6 = 54;
        charCodes2[charCodes2.digit6 = digit6] = "digit6";
        let digit7 = 55;
        charCodes2[charCodes2.digit7 = digit7] = "digit7";
        let digit8 = 56;
        charCodes2[charCodes2.digit8 = digit8] = "digit8";
        let digit9 = 57;
        charCodes2[charCodes2.digit9 = digit9] = "digit9";
        let colon = 58;
        charCodes2[charCodes2.colon = colon] = "colon";
        let semicolon3 = 59;
        charCodes2[charCodes2.semicolon = semicolon3] = "semicolon";
        let lessThan = 60;
        charCodes2[charCodes2.lessThan = lessThan] = "lessThan";
        let equalsTo = 61;
        charCodes2[charCodes2.equalsTo = equalsTo] = "equalsTo";
        let greaterThan = 62;
        charCodes2[charCodes2.greaterThan = greaterThan] = "greaterThan";
        let questionMark = 63;
        charCodes2[charCodes2.questionMark = questionMark] = "questionMark";
        let atSign = 64;
        charCodes2[charCodes2.atSign = atSign] = "atSign";
        let uppercaseA = 65;
        charCodes2[charCodes2.uppercaseA = uppercaseA] = "uppercaseA";
        let uppercaseB = 66;
        charCodes2[charCodes2.uppercaseB = uppercaseB] = "uppercaseB";
        let uppercaseC = 67;
        charCodes2[charCodes2.uppercaseC = uppercaseC] = "uppercaseC";
        let uppercaseD = 68;
        charCodes2[charCodes2.uppercaseD = uppercaseD] = "uppercaseD";
        let uppercaseE = 69;
        charCodes2[charCodes2.uppercaseE = uppercaseE] = "uppercaseE";
        let uppercaseF = 70;
        charCodes2[charCodes2.uppercaseF = uppercaseF] = "uppercaseF";
        let uppercaseG = 71;
        charCodes2[charCodes2.uppercaseG = uppercaseG] = "uppercaseG";
        let uppercaseH = 72;
        charCodes2[charCodes2.uppercaseH = uppercaseH] = "uppercaseH";
        let uppercaseI = 73;
        charCodes2[charCodes2.uppercaseI = uppercaseI] = "uppercaseI";
        let uppercaseJ = 74;
        charCodes2[charCodes2.uppercaseJ = uppercaseJ] = "uppercaseJ";
        let uppercaseK = 75;
        charCodes2[charCodes2.uppercaseK = uppercaseK] = "uppercaseK";
        let uppercaseL = 76;
        charCodes2[charCodes2.uppercaseL = uppercaseL] = "uppercaseL";
        let uppercaseM = 77;
        charCodes2[charCodes2.uppercaseM = uppercaseM] = "uppercaseM";
        let uppercaseN = 78;
        charCodes2[charCodes2.uppercaseN = uppercaseN] = "uppercaseN";
        let uppercaseO = 79;
        charCodes2[charCodes2.uppercaseO = uppercaseO] = "uppercaseO";
        let uppercaseP = 80;
        charCodes2[charCodes2.uppercaseP = uppercaseP] = "uppercaseP";
        let uppercaseQ = 81;
        charCodes2[charCodes2.uppercaseQ = uppercaseQ] = "uppercaseQ";
        let uppercaseR = 82;
        charCodes2[charCodes2.uppercaseR = uppercaseR] = "uppercaseR";
        let uppercaseS = 83;
        charCodes2[charCodes2.uppercaseS = uppercaseS] = "uppercaseS";
        let uppercaseT = 84;
        charCodes2[charCodes2.uppercaseT = uppercaseT] = "uppercaseT";
        let uppercaseU = 85;
        charCodes2[charCodes2.uppercaseU = uppercaseU] = "uppercaseU";
        let uppercaseV = 86;
        charCodes2[charCodes2.uppercaseV = uppercaseV] = "uppercaseV";
        let uppercaseW = 87;
        charCodes2[charCodes2.uppercaseW = uppercaseW] = "uppercaseW";
        let uppercaseX = 88;
        charCodes2[charCodes2.uppercaseX = uppercaseX] = "uppercaseX";
        let uppercaseY = 89;
        charCodes2[charCodes2.uppercaseY = uppercaseY] = "uppercaseY";
        let uppercaseZ = 90;
        charCodes2[charCodes2.uppercaseZ = uppercaseZ] = "uppercaseZ";
        let leftSquareBracket = 91;
        charCodes2[charCodes2.leftSquareBracket = leftSquareBracket] = "leftSquareBracket";
        let backslash = 92;
        charCodes2[charCodes2.backslash = backslash] = "backslash";
        let rightSquareBracket = 93;
        charCodes2[charCodes2.rightSquareBracket = rightSquareBracket] = "rightSquareBracket";
        let caret = 94;
        charCodes2[charCodes2.caret = caret] = "caret";
        let underscore = 95;
        charCodes2[charCodes2.underscore = underscore] = "underscore";
        let graveAccent = 96;
        charCodes2[charCodes2.graveAccent = graveAccent] = "graveAccent";
        let lowercaseA = 97;
        charCodes2[charCodes2.lowercaseA = lowercaseA] = "lowercaseA";
        let lowercaseB = 98;
        charCodes2[charCodes2.lowercaseB = lowercaseB] = "lowercaseB";
        let lowercaseC = 99;
        charCodes2[charCodes2.lowercaseC = lowercaseC] = "lowercaseC";
        let lowercaseD = 100;
        charCodes2[charCodes2.lowercaseD = lowercaseD] = "lowercaseD";
        let lowercaseE = 101;
        charCodes2[charCodes2.lowercaseE = lowercaseE] = "lowercaseE";
        let lowercaseF = 102;
        charCodes2[charCodes2.lowercaseF = lowercaseF] = "lowercaseF";
        let lowercaseG = 103;
        charCodes2[charCodes2.lowercaseG = lowercaseG] = "lowercaseG";
        let lowercaseH = 104;
        charCodes2[charCodes2.lowercaseH = lowercaseH] = "lowercaseH";
        let lowercaseI = 105;
        charCodes2[charCodes2.lowercaseI = lowercaseI] = "lowercaseI";
        let lowercaseJ = 106;
        charCodes2[charCodes2.lowercaseJ = lowercaseJ] = "lowercaseJ";
        let lowercaseK = 107;
        charCodes2[charCodes2.lowercaseK = lowercaseK] = "lowercaseK";
        let lowercaseL = 108;
        charCodes2[charCodes2.lowercaseL = lowercaseL] = "lowercaseL";
        let lowercaseM = 109;
        charCodes2[charCodes2.lowercaseM = lowercaseM] = "lowercaseM";
        let lowercaseN = 110;
        charCodes2[charCodes2.lowercaseN = lowercaseN] = "lowercaseN";
        let lowercaseO = 111;
        charCodes2[charCodes2.lowercaseO = lowercaseO] = "lowercaseO";
        let lowercaseP = 112;
        charCodes2[charCodes2.lowercaseP = lowercaseP] = "lowercaseP";
        let lowercaseQ = 113;
        charCodes2[charCodes2.lowercaseQ = lowercaseQ] = "lowercaseQ";
        let lowercaseR = 114;
        charCodes2[charCodes2.lowercaseR = lowercaseR] = "lowercaseR";
        let lowercaseS = 115;
        charCodes2[charCodes2.lowercaseS = lowercaseS] = "lowercaseS";
        let lowercaseT = 116;
        charCodes2[charCodes2.lowercaseT = lowercaseT] = "lowercaseT";
        let lowercaseU = 117;
        charCodes2[charCodes2.lowercaseU = lowercaseU] = "lowercaseU";
        let lowercaseV = 118;
        charCodes2[charCodes2.lowercaseV = lowercaseV] = "lowercaseV";
        let lowercaseW = 119;
        charCodes2[charCodes2.lowercaseW = lowercaseW] = "lowercaseW";
        let lowercaseX = 120;
        charCodes2[charCodes2.lowercaseX = lowercaseX] = "lowercaseX";
        let lowercaseY = 121;
        charCodes2[charCodes2.lowercaseY = lowercaseY] = "lowercaseY";
        let lowercaseZ = 122;
        charCodes2[charCodes2.lowercaseZ = lowercaseZ] = "lowercaseZ";
        let leftCurlyBrace = 123;
        charCodes2[charCodes2.leftCurlyBrace = leftCurlyBrace] = "leftCurlyBrace";
        let verticalBar = 124;
        charCodes2[charCodes2.verticalBar = verticalBar] = "verticalBar";
        let rightCurlyBrace = 125;
        charCodes2[charCodes2.rightCurlyBrace = rightCurlyBrace] = "rightCurlyBrace";
        let tilde = 126;
        charCodes2[charCodes2.tilde = tilde] = "tilde";
        let nonBreakingSpace = 160;
        charCodes2[charCodes2.nonBreakingSpace = nonBreakingSpace] = "nonBreakingSpace";
        let oghamSpaceMark = 5760;
        charCodes2[charCodes2.oghamSpaceMark = oghamSpaceMark] = "oghamSpaceMark";
        let lineSeparator = 8232;
        charCodes2[charCodes2.lineSeparator = lineSeparator] = "lineSeparator";
        let paragraphSeparator = 8233;
        charCodes2[charCodes2.paragraphSeparator = paragraphSeparator] = "paragraphSeparator";
      })(charCodes || (charCodes = {}));
    }
  });

  // node_modules/sucrase/dist/esm/parser/traverser/base.js
  function getNextContextId() {
    return nextContextId++;
  }
  function augmentError(error) {
    if ("pos" in error) {
      let loc = locationForIndex(error.pos);
      error.message += ` (${loc.line}:${loc.column})`, error.loc = loc;
    }
    return error;
  }
  function locationForIndex(pos) {
    let line = 1, column = 1;
    for (let i = 0; i < pos; i++)
      input.charCodeAt(i) === charCodes.lineFeed ? (line++, column = 1) : column++;
    return new Loc(line, column);
  }
  function initParser(inputCode, isJSXEnabledArg, isTypeScriptEnabledArg, isFlowEnabledArg) {
    input = inputCode, state = new State(), nextContextId = 1, isJSXEnabled = isJSXEnabledArg, isTypeScriptEnabled = isTypeScriptEnabledArg, isFlowEnabled = isFlowEnabledArg;
  }
  var isJSXEnabled, isTypeScriptEnabled, isFlowEnabled, state, input, nextContextId, Loc, init_base = __esm({
    "node_modules/sucrase/dist/esm/parser/traverser/base.js"() {
      init_state();
      init_charcodes();
      Loc = class {
        constructor(line, column) {
          this.line = line, this.column = column;
        }
      };
    }
  });

  // node_modules/sucrase/dist/esm/parser/traverser/util.js
  function isContextual(contextualKeyword) {
    return state.contextualKeyword === contextualKeyword;
  }
  function isLookaheadContextual(contextualKeyword) {
    let l = lookaheadTypeAndKeyword();
    return l.type === TokenType.name && l.contextualKeyword === contextualKeyword;
  }
  function eatContextual(contextualKeyword) {
    return state.contextualKeyword === contextualKeyword && eat(TokenType.name);
  }
  function expectContextual(contextualKeyword) {
    eatContextual(contextualKeyword) || unexpected();
  }
  function canInsertSemicolon() {
    return match(TokenType.eof) || match(TokenType.braceR) || hasPrecedingLineBreak();
  }
  function hasPrecedingLineBreak() {
    let prevToken = state.tokens[state.tokens.length - 1], lastTokEnd = prevToken ? prevToken.end : 0;
    for (let i = lastTokEnd; i < state.start; i++) {
      let code = input.charCodeAt(i);
      if (code === charCodes.lineFeed || code === charCodes.carriageReturn || code === 8232 || code === 8233)
        return !0;
    }
    return !1;
  }
  function hasFollowingLineBreak() {
    let nextStart = nextTokenStart();
    for (let i = state.end; i < nextStart; i++) {
      let code = input.charCodeAt(i);
      if (code === charCodes.lineFeed || code === charCodes.carriageReturn || code === 8232 || code === 8233)
        return !0;
    }
    return !1;
  }
  function isLineTerminator() {
    return eat(TokenType.semi) || canInsertSemicolon();
  }
  function semicolon() {
    isLineTerminator() || unexpected('Unexpected token, expected ";"');
  }
  function expect(type) {
    eat(type) || unexpected(`Unexpected token, expected "${formatTokenType(type)}"`);
  }
  function unexpected(message = "Unexpected token", pos = state.start) {
    if (state.error)
      return;
    let err = new SyntaxError(message);
    err.pos = pos, state.error = err, state.pos = input.length, finishToken(TokenType.eof);
  }
  var init_util = __esm({
    "node_modules/sucrase/dist/esm/parser/traverser/util.js"() {
      init_tokenizer();
      init_types();
      init_charcodes();
      init_base();
    }
  });

  // node_modules/sucrase/dist/esm/parser/util/whitespace.js
  var WHITESPACE_CHARS, skipWhiteSpace, IS_WHITESPACE, init_whitespace = __esm({
    "node_modules/sucrase/dist/esm/parser/util/whitespace.js"() {
      init_charcodes();
      WHITESPACE_CHARS = [
        9,
        11,
        12,
        charCodes.space,
        charCodes.nonBreakingSpace,
        charCodes.oghamSpaceMark,
        8192,
        // EN QUAD
        8193,
        // EM QUAD
        8194,
        // EN SPACE
        8195,
        // EM SPACE
        8196,
        // THREE-PER-EM SPACE
        8197,
        // FOUR-PER-EM SPACE
        8198,
        // SIX-PER-EM SPACE
        8199,
        // FIGURE SPACE
        8200,
        // PUNCTUATION SPACE
        8201,
        // THIN SPACE
        8202,
        // HAIR SPACE
        8239,
        // NARROW NO-BREAK SPACE
        8287,
        // MEDIUM MATHEMATICAL SPACE
        12288,
        // IDEOGRAPHIC SPACE
        65279
        // ZERO WIDTH NO-BREAK SPACE
      ], skipWhiteSpace = /(?:\s|\/\/.*|\/\*[^]*?\*\/)*/g, IS_WHITESPACE = new Uint8Array(65536);
      for (let char of WHITESPACE_CHARS)
        IS_WHITESPACE[char] = 1;
    }
  });

  // node_modules/sucrase/dist/esm/parser/util/identifier.js
  function computeIsIdentifierChar(code) {
    if (code < 48) return code === 36;
    if (code < 58) return !0;
    if (code < 65) return !1;
    if (code < 91) return !0;
    if (code < 97) return code === 95;
    if (code < 123) return !0;
    if (code < 128) return !1;
    throw new Error("Should not be called with non-ASCII char code.");
  }
  var IS_IDENTIFIER_CHAR, IS_IDENTIFIER_START, init_identifier = __esm({
    "node_modules/sucrase/dist/esm/parser/util/identifier.js"() {
      init_charcodes();
      init_whitespace();
      IS_IDENTIFIER_CHAR = new Uint8Array(65536);
      for (let i = 0; i < 128; i++)
        IS_IDENTIFIER_CHAR[i] = computeIsIdentifierChar(i) ? 1 : 0;
      for (let i = 128; i < 65536; i++)
        IS_IDENTIFIER_CHAR[i] = 1;
      for (let whitespaceChar of WHITESPACE_CHARS)
        IS_IDENTIFIER_CHAR[whitespaceChar] = 0;
      IS_IDENTIFIER_CHAR[8232] = 0;
      IS_IDENTIFIER_CHAR[8233] = 0;
      IS_IDENTIFIER_START = IS_IDENTIFIER_CHAR.slice();
      for (let numChar = charCodes.digit0; numChar <= charCodes.digit9; numChar++)
        IS_IDENTIFIER_START[numChar] = 0;
    }
  });

  // node_modules/sucrase/dist/esm/parser/tokenizer/readWordTree.js
  var READ_WORD_TREE, init_readWordTree = __esm({
    "node_modules/sucrase/dist/esm/parser/tokenizer/readWordTree.js"() {
      init_keywords();
      init_types();
      READ_WORD_TREE = new Int32Array([
        // ""
        -1,
        27,
        783,
        918,
        1755,
        2376,
        2862,
        3483,
        -1,
        3699,
        -1,
        4617,
        4752,
        4833,
        5130,
        5508,
        5940,
        -1,
        6480,
        6939,
        7749,
        8181,
        8451,
        8613,
        -1,
        8829,
        -1,
        // "a"
        -1,
        -1,
        54,
        243,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        432,
        -1,
        -1,
        -1,
        675,
        -1,
        -1,
        -1,
        // "ab"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        81,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "abs"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        108,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "abst"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        135,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "abstr"
        -1,
        162,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "abstra"
        -1,
        -1,
        -1,
        189,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "abstrac"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        216,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "abstract"
        ContextualKeyword._abstract << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "ac"
        -1,
        -1,
        -1,
        270,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "acc"
        -1,
        -1,
        -1,
        -1,
        -1,
        297,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "acce"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        324,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "acces"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        351,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "access"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        378,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "accesso"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        405,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "accessor"
        ContextualKeyword._accessor << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "as"
        ContextualKeyword._as << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        459,
        -1,
        -1,
        -1,
        -1,
        -1,
        594,
        -1,
        // "ass"
        -1,
        -1,
        -1,
        -1,
        -1,
        486,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "asse"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        513,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "asser"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        540,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "assert"
        ContextualKeyword._assert << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        567,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "asserts"
        ContextualKeyword._asserts << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "asy"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        621,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "asyn"
        -1,
        -1,
        -1,
        648,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "async"
        ContextualKeyword._async << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "aw"
        -1,
        702,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "awa"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        729,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "awai"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        756,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "await"
        ContextualKeyword._await << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "b"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        810,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "br"
        -1,
        -1,
        -1,
        -1,
        -1,
        837,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "bre"
        -1,
        864,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "brea"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        891,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "break"
        (TokenType._break << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "c"
        -1,
        945,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        1107,
        -1,
        -1,
        -1,
        1242,
        -1,
        -1,
        1350,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "ca"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        972,
        1026,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "cas"
        -1,
        -1,
        -1,
        -1,
        -1,
        999,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "case"
        (TokenType._case << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "cat"
        -1,
        -1,
        -1,
        1053,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "catc"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        1080,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "catch"
        (TokenType._catch << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "ch"
        -1,
        -1,
        -1,
        -1,
        -1,
        1134,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "che"
        -1,
        -1,
        -1,
        1161,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "chec"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        1188,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "check"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        1215,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "checks"
        ContextualKeyword._checks << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "cl"
        -1,
        1269,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "cla"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        1296,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "clas"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        1323,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "class"
        (TokenType._class << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "co"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        1377,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "con"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        1404,
        1620,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "cons"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        1431,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "const"
        (TokenType._const << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        1458,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "constr"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        1485,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "constru"
        -1,
        -1,
        -1,
        1512,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "construc"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        1539,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "construct"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        1566,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "constructo"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        1593,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "constructor"
        ContextualKeyword._constructor << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "cont"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        1647,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "conti"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        1674,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "contin"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        1701,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "continu"
        -1,
        -1,
        -1,
        -1,
        -1,
        1728,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "continue"
        (TokenType._continue << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "d"
        -1,
        -1,
        -1,
        -1,
        -1,
        1782,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        2349,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "de"
        -1,
        -1,
        1809,
        1971,
        -1,
        -1,
        2106,
        -1,
        -1,
        -1,
        -1,
        -1,
        2241,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "deb"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        1836,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "debu"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        1863,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "debug"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        1890,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "debugg"
        -1,
        -1,
        -1,
        -1,
        -1,
        1917,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "debugge"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        1944,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "debugger"
        (TokenType._debugger << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "dec"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        1998,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "decl"
        -1,
        2025,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "decla"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        2052,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "declar"
        -1,
        -1,
        -1,
        -1,
        -1,
        2079,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "declare"
        ContextualKeyword._declare << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "def"
        -1,
        2133,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "defa"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        2160,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "defau"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        2187,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "defaul"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        2214,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "default"
        (TokenType._default << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "del"
        -1,
        -1,
        -1,
        -1,
        -1,
        2268,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "dele"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        2295,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "delet"
        -1,
        -1,
        -1,
        -1,
        -1,
        2322,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "delete"
        (TokenType._delete << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "do"
        (TokenType._do << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "e"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        2403,
        -1,
        2484,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        2565,
        -1,
        -1,
        // "el"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        2430,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "els"
        -1,
        -1,
        -1,
        -1,
        -1,
        2457,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "else"
        (TokenType._else << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "en"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        2511,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "enu"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        2538,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "enum"
        ContextualKeyword._enum << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "ex"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        2592,
        -1,
        -1,
        -1,
        2727,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "exp"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        2619,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "expo"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        2646,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "expor"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        2673,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "export"
        (TokenType._export << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        2700,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "exports"
        ContextualKeyword._exports << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "ext"
        -1,
        -1,
        -1,
        -1,
        -1,
        2754,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "exte"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        2781,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "exten"
        -1,
        -1,
        -1,
        -1,
        2808,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "extend"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        2835,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "extends"
        (TokenType._extends << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "f"
        -1,
        2889,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        2997,
        -1,
        -1,
        -1,
        -1,
        -1,
        3159,
        -1,
        -1,
        3213,
        -1,
        -1,
        3294,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "fa"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        2916,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "fal"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        2943,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "fals"
        -1,
        -1,
        -1,
        -1,
        -1,
        2970,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "false"
        (TokenType._false << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "fi"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        3024,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "fin"
        -1,
        3051,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "fina"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        3078,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "final"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        3105,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "finall"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        3132,
        -1,
        // "finally"
        (TokenType._finally << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "fo"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        3186,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "for"
        (TokenType._for << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "fr"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        3240,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "fro"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        3267,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "from"
        ContextualKeyword._from << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "fu"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        3321,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "fun"
        -1,
        -1,
        -1,
        3348,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "func"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        3375,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "funct"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        3402,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "functi"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        3429,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "functio"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        3456,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "function"
        (TokenType._function << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "g"
        -1,
        -1,
        -1,
        -1,
        -1,
        3510,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        3564,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "ge"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        3537,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "get"
        ContextualKeyword._get << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "gl"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        3591,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "glo"
        -1,
        -1,
        3618,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "glob"
        -1,
        3645,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "globa"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        3672,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "global"
        ContextualKeyword._global << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "i"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        3726,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        3753,
        4077,
        -1,
        -1,
        -1,
        -1,
        4590,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "if"
        (TokenType._if << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "im"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        3780,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "imp"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        3807,
        -1,
        -1,
        3996,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "impl"
        -1,
        -1,
        -1,
        -1,
        -1,
        3834,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "imple"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        3861,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "implem"
        -1,
        -1,
        -1,
        -1,
        -1,
        3888,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "impleme"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        3915,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "implemen"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        3942,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "implement"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        3969,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "implements"
        ContextualKeyword._implements << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "impo"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        4023,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "impor"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        4050,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "import"
        (TokenType._import << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "in"
        (TokenType._in << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        4104,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        4185,
        4401,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "inf"
        -1,
        -1,
        -1,
        -1,
        -1,
        4131,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "infe"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        4158,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "infer"
        ContextualKeyword._infer << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "ins"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        4212,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "inst"
        -1,
        4239,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "insta"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        4266,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "instan"
        -1,
        -1,
        -1,
        4293,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "instanc"
        -1,
        -1,
        -1,
        -1,
        -1,
        4320,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "instance"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        4347,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "instanceo"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        4374,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "instanceof"
        (TokenType._instanceof << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "int"
        -1,
        -1,
        -1,
        -1,
        -1,
        4428,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "inte"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        4455,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "inter"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        4482,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "interf"
        -1,
        4509,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "interfa"
        -1,
        -1,
        -1,
        4536,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "interfac"
        -1,
        -1,
        -1,
        -1,
        -1,
        4563,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "interface"
        ContextualKeyword._interface << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "is"
        ContextualKeyword._is << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "k"
        -1,
        -1,
        -1,
        -1,
        -1,
        4644,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "ke"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        4671,
        -1,
        // "key"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        4698,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "keyo"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        4725,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "keyof"
        ContextualKeyword._keyof << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "l"
        -1,
        -1,
        -1,
        -1,
        -1,
        4779,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "le"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        4806,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "let"
        (TokenType._let << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "m"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        4860,
        -1,
        -1,
        -1,
        -1,
        -1,
        4995,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "mi"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        4887,
        -1,
        -1,
        // "mix"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        4914,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "mixi"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        4941,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "mixin"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        4968,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "mixins"
        ContextualKeyword._mixins << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "mo"
        -1,
        -1,
        -1,
        -1,
        5022,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "mod"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        5049,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "modu"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        5076,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "modul"
        -1,
        -1,
        -1,
        -1,
        -1,
        5103,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "module"
        ContextualKeyword._module << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "n"
        -1,
        5157,
        -1,
        -1,
        -1,
        5373,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        5427,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "na"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        5184,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "nam"
        -1,
        -1,
        -1,
        -1,
        -1,
        5211,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "name"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        5238,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "names"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        5265,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "namesp"
        -1,
        5292,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "namespa"
        -1,
        -1,
        -1,
        5319,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "namespac"
        -1,
        -1,
        -1,
        -1,
        -1,
        5346,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "namespace"
        ContextualKeyword._namespace << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "ne"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        5400,
        -1,
        -1,
        -1,
        // "new"
        (TokenType._new << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "nu"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        5454,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "nul"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        5481,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "null"
        (TokenType._null << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "o"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        5535,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        5562,
        -1,
        -1,
        -1,
        -1,
        5697,
        5751,
        -1,
        -1,
        -1,
        -1,
        // "of"
        ContextualKeyword._of << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "op"
        -1,
        5589,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "opa"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        5616,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "opaq"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        5643,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "opaqu"
        -1,
        -1,
        -1,
        -1,
        -1,
        5670,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "opaque"
        ContextualKeyword._opaque << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "ou"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        5724,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "out"
        ContextualKeyword._out << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "ov"
        -1,
        -1,
        -1,
        -1,
        -1,
        5778,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "ove"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        5805,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "over"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        5832,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "overr"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        5859,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "overri"
        -1,
        -1,
        -1,
        -1,
        5886,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "overrid"
        -1,
        -1,
        -1,
        -1,
        -1,
        5913,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "override"
        ContextualKeyword._override << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "p"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        5967,
        -1,
        -1,
        6345,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "pr"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        5994,
        -1,
        -1,
        -1,
        -1,
        -1,
        6129,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "pri"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        6021,
        -1,
        -1,
        -1,
        -1,
        // "priv"
        -1,
        6048,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "priva"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        6075,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "privat"
        -1,
        -1,
        -1,
        -1,
        -1,
        6102,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "private"
        ContextualKeyword._private << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "pro"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        6156,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "prot"
        -1,
        -1,
        -1,
        -1,
        -1,
        6183,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        6318,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "prote"
        -1,
        -1,
        -1,
        6210,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "protec"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        6237,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "protect"
        -1,
        -1,
        -1,
        -1,
        -1,
        6264,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "protecte"
        -1,
        -1,
        -1,
        -1,
        6291,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "protected"
        ContextualKeyword._protected << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "proto"
        ContextualKeyword._proto << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "pu"
        -1,
        -1,
        6372,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "pub"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        6399,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "publ"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        6426,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "publi"
        -1,
        -1,
        -1,
        6453,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "public"
        ContextualKeyword._public << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "r"
        -1,
        -1,
        -1,
        -1,
        -1,
        6507,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "re"
        -1,
        6534,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        6696,
        -1,
        -1,
        6831,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "rea"
        -1,
        -1,
        -1,
        -1,
        6561,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "read"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        6588,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "reado"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        6615,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "readon"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        6642,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "readonl"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        6669,
        -1,
        // "readonly"
        ContextualKeyword._readonly << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "req"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        6723,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "requ"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        6750,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "requi"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        6777,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "requir"
        -1,
        -1,
        -1,
        -1,
        -1,
        6804,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "require"
        ContextualKeyword._require << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "ret"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        6858,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "retu"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        6885,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "retur"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        6912,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "return"
        (TokenType._return << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "s"
        -1,
        6966,
        -1,
        -1,
        -1,
        7182,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        7236,
        7371,
        -1,
        7479,
        -1,
        7614,
        -1,
        // "sa"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        6993,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "sat"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        7020,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "sati"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        7047,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "satis"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        7074,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "satisf"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        7101,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "satisfi"
        -1,
        -1,
        -1,
        -1,
        -1,
        7128,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "satisfie"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        7155,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "satisfies"
        ContextualKeyword._satisfies << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "se"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        7209,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "set"
        ContextualKeyword._set << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "st"
        -1,
        7263,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "sta"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        7290,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "stat"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        7317,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "stati"
        -1,
        -1,
        -1,
        7344,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "static"
        ContextualKeyword._static << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "su"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        7398,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "sup"
        -1,
        -1,
        -1,
        -1,
        -1,
        7425,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "supe"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        7452,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "super"
        (TokenType._super << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "sw"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        7506,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "swi"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        7533,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "swit"
        -1,
        -1,
        -1,
        7560,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "switc"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        7587,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "switch"
        (TokenType._switch << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "sy"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        7641,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "sym"
        -1,
        -1,
        7668,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "symb"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        7695,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "symbo"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        7722,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "symbol"
        ContextualKeyword._symbol << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "t"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        7776,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        7938,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        8046,
        -1,
        // "th"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        7803,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        7857,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "thi"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        7830,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "this"
        (TokenType._this << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "thr"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        7884,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "thro"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        7911,
        -1,
        -1,
        -1,
        // "throw"
        (TokenType._throw << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "tr"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        7965,
        -1,
        -1,
        -1,
        8019,
        -1,
        // "tru"
        -1,
        -1,
        -1,
        -1,
        -1,
        7992,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "true"
        (TokenType._true << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "try"
        (TokenType._try << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "ty"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        8073,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "typ"
        -1,
        -1,
        -1,
        -1,
        -1,
        8100,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "type"
        ContextualKeyword._type << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        8127,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "typeo"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        8154,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "typeof"
        (TokenType._typeof << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "u"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        8208,
        -1,
        -1,
        -1,
        -1,
        8343,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "un"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        8235,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "uni"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        8262,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "uniq"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        8289,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "uniqu"
        -1,
        -1,
        -1,
        -1,
        -1,
        8316,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "unique"
        ContextualKeyword._unique << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "us"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        8370,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "usi"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        8397,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "usin"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        8424,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "using"
        ContextualKeyword._using << 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "v"
        -1,
        8478,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        8532,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "va"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        8505,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "var"
        (TokenType._var << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "vo"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        8559,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "voi"
        -1,
        -1,
        -1,
        -1,
        8586,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "void"
        (TokenType._void << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "w"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        8640,
        8748,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "wh"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        8667,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "whi"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        8694,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "whil"
        -1,
        -1,
        -1,
        -1,
        -1,
        8721,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "while"
        (TokenType._while << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "wi"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        8775,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "wit"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        8802,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "with"
        (TokenType._with << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "y"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        8856,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "yi"
        -1,
        -1,
        -1,
        -1,
        -1,
        8883,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "yie"
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        8910,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "yiel"
        -1,
        -1,
        -1,
        -1,
        8937,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        // "yield"
        (TokenType._yield << 1) + 1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1
      ]);
    }
  });

  // node_modules/sucrase/dist/esm/parser/tokenizer/readWord.js
  function readWord() {
    let treePos = 0, code = 0, pos = state.pos;
    for (; pos < input.length && (code = input.charCodeAt(pos), !(code < charCodes.lowercaseA || code > charCodes.lowercaseZ)); ) {
      let next2 = READ_WORD_TREE[treePos + (code - charCodes.lowercaseA) + 1];
      if (next2 === -1)
        break;
      treePos = next2, pos++;
    }
    let keywordValue = READ_WORD_TREE[treePos];
    if (keywordValue > -1 && !IS_IDENTIFIER_CHAR[code]) {
      state.pos = pos, keywordValue & 1 ? finishToken(keywordValue >>> 1) : finishToken(TokenType.name, keywordValue >>> 1);
      return;
    }
    for (; pos < input.length; ) {
      let ch = input.charCodeAt(pos);
      if (IS_IDENTIFIER_CHAR[ch])
        pos++;
      else if (ch === charCodes.backslash) {
        if (pos += 2, input.charCodeAt(pos) === charCodes.leftCurlyBrace) {
          for (; pos < input.length && input.charCodeAt(pos) !== charCodes.rightCurlyBrace; )
            pos++;
          pos++;
        }
      } else if (ch === charCodes.atSign && input.charCodeAt(pos + 1) === charCodes.atSign)
        pos += 2;
      else
        break;
    }
    state.pos = pos, finishToken(TokenType.name);
  }
  var init_readWord = __esm({
    "node_modules/sucrase/dist/esm/parser/tokenizer/readWord.js"() {
      init_base();
      init_charcodes();
      init_identifier();
      init_tokenizer();
      init_readWordTree();
      init_types();
    }
  });

  // node_modules/sucrase/dist/esm/parser/tokenizer/index.js
  function isDeclaration(token) {
    let role = token.identifierRole;
    return role === IdentifierRole.TopLevelDeclaration || role === IdentifierRole.FunctionScopedDeclaration || role === IdentifierRole.BlockScopedDeclaration || role === IdentifierRole.ObjectShorthandTopLevelDeclaration || role === IdentifierRole.ObjectShorthandFunctionScopedDeclaration || role === IdentifierRole.ObjectShorthandBlockScopedDeclaration;
  }
  function isNonTopLevelDeclaration(token) {
    let role = token.identifierRole;
    return role === IdentifierRole.FunctionScopedDeclaration || role === IdentifierRole.BlockScopedDeclaration || role === IdentifierRole.ObjectShorthandFunctionScopedDeclaration || role === IdentifierRole.ObjectShorthandBlockScopedDeclaration;
  }
  function isTopLevelDeclaration(token) {
    let role = token.identifierRole;
    return role === IdentifierRole.TopLevelDeclaration || role === IdentifierRole.ObjectShorthandTopLevelDeclaration || role === IdentifierRole.ImportDeclaration;
  }
  function isBlockScopedDeclaration(token) {
    let role = token.identifierRole;
    return role === IdentifierRole.TopLevelDeclaration || role === IdentifierRole.BlockScopedDeclaration || role === IdentifierRole.ObjectShorthandTopLevelDeclaration || role === IdentifierRole.ObjectShorthandBlockScopedDeclaration;
  }
  function isFunctionScopedDeclaration(token) {
    let role = token.identifierRole;
    return role === IdentifierRole.FunctionScopedDeclaration || role === IdentifierRole.ObjectShorthandFunctionScopedDeclaration;
  }
  function isObjectShorthandDeclaration(token) {
    return token.identifierRole === IdentifierRole.ObjectShorthandTopLevelDeclaration || token.identifierRole === IdentifierRole.ObjectShorthandBlockScopedDeclaration || token.identifierRole === IdentifierRole.ObjectShorthandFunctionScopedDeclaration;
  }
  function next() {
    state.tokens.push(new Token()), nextToken();
  }
  function nextTemplateToken() {
    state.tokens.push(new Token()), state.start = state.pos, readTmplToken();
  }
  function retokenizeSlashAsRegex() {
    state.type === TokenType.assign && --state.pos, readRegexp();
  }
  function pushTypeContext(existingTokensInType) {
    for (let i = state.tokens.length - existingTokensInType; i < state.tokens.length; i++)
      state.tokens[i].isType = !0;
    let oldIsType = state.isType;
    return state.isType = !0, oldIsType;
  }
  function popTypeContext(oldIsType) {
    state.isType = oldIsType;
  }
  function eat(type) {
    return match(type) ? (next(), !0) : !1;
  }
  function eatTypeToken(tokenType) {
    let oldIsType = state.isType;
    state.isType = !0, eat(tokenType), state.isType = oldIsType;
  }
  function match(type) {
    return state.type === type;
  }
  function lookaheadType() {
    let snapshot = state.snapshot();
    next();
    let type = state.type;
    return state.restoreFromSnapshot(snapshot), type;
  }
  function lookaheadTypeAndKeyword() {
    let snapshot = state.snapshot();
    next();
    let type = state.type, contextualKeyword = state.contextualKeyword;
    return state.restoreFromSnapshot(snapshot), new TypeAndKeyword(type, contextualKeyword);
  }
  function nextTokenStart() {
    return nextTokenStartSince(state.pos);
  }
  function nextTokenStartSince(pos) {
    skipWhiteSpace.lastIndex = pos;
    let skip = skipWhiteSpace.exec(input);
    return pos + skip[0].length;
  }
  function lookaheadCharCode() {
    return input.charCodeAt(nextTokenStart());
  }
  function nextToken() {
    if (skipSpace(), state.start = state.pos, state.pos >= input.length) {
      let tokens = state.tokens;
      tokens.length >= 2 && tokens[tokens.length - 1].start >= input.length && tokens[tokens.length - 2].start >= input.length && unexpected("Unexpectedly reached the end of input."), finishToken(TokenType.eof);
      return;
    }
    readToken(input.charCodeAt(state.pos));
  }
  function readToken(code) {
    IS_IDENTIFIER_START[code] || code === charCodes.backslash || code === charCodes.atSign && input.charCodeAt(state.pos + 1) === charCodes.atSign ? readWord() : getTokenFromCode(code);
  }
  function skipBlockComment() {
    for (; input.charCodeAt(state.pos) !== charCodes.asterisk || input.charCodeAt(state.pos + 1) !== charCodes.slash; )
      if (state.pos++, state.pos > input.length) {
        unexpected("Unterminated comment", state.pos - 2);
        return;
      }
    state.pos += 2;
  }
  function skipLineComment(startSkip) {
    let ch = input.charCodeAt(state.pos += startSkip);
    if (state.pos < input.length)
      for (; ch !== charCodes.lineFeed && ch !== charCodes.carriageReturn && ch !== charCodes.lineSeparator && ch !== charCodes.paragraphSeparator && ++state.pos < input.length; )
        ch = input.charCodeAt(state.pos);
  }
  function skipSpace() {
    for (; state.pos < input.length; ) {
      let ch = input.charCodeAt(state.pos);
      switch (ch) {
        case charCodes.carriageReturn:
          input.charCodeAt(state.pos + 1) === charCodes.lineFeed && ++state.pos;
        case charCodes.lineFeed:
        case charCodes.lineSeparator:
        case charCodes.paragraphSeparator:
          ++state.pos;
          break;
        case charCodes.slash:
          switch (input.charCodeAt(state.pos + 1)) {
            case charCodes.asterisk:
              state.pos += 2, skipBlockComment();
              break;
            case charCodes.slash:
              skipLineComment(2);
              break;
            default:
              return;
          }
          break;
        default:
          if (IS_WHITESPACE[ch])
            ++state.pos;
          else
            return;
      }
    }
  }
  function finishToken(type, contextualKeyword = ContextualKeyword.NONE) {
    state.end = state.pos, state.type = type, state.contextualKeyword = contextualKeyword;
  }
  function readToken_dot() {
    let nextChar = input.charCodeAt(state.pos + 1);
    if (nextChar >= charCodes.digit0 && nextChar <= charCodes.digit9) {
      readNumber(!0);
      return;
    }
    nextChar === charCodes.dot && input.charCodeAt(state.pos + 2) === charCodes.dot ? (state.pos += 3, finishToken(TokenType.ellipsis)) : (++state.pos, finishToken(TokenType.dot));
  }
  function readToken_slash() {
    input.charCodeAt(state.pos + 1) === charCodes.equalsTo ? finishOp(TokenType.assign, 2) : finishOp(TokenType.slash, 1);
  }
  function readToken_mult_modulo(code) {
    let tokenType = code === charCodes.asterisk ? TokenType.star : TokenType.modulo, width = 1, nextChar = input.charCodeAt(state.pos + 1);
    code === charCodes.asterisk && nextChar === charCodes.asterisk && (width++, nextChar = input.charCodeAt(state.pos + 2), tokenType = TokenType.exponent), nextChar === charCodes.equalsTo && input.charCodeAt(state.pos + 2) !== charCodes.greaterThan && (width++, tokenType = TokenType.assign), finishOp(tokenType, width);
  }
  function readToken_pipe_amp(code) {
    let nextChar = input.charCodeAt(state.pos + 1);
    if (nextChar === code) {
      input.charCodeAt(state.pos + 2) === charCodes.equalsTo ? finishOp(TokenType.assign, 3) : finishOp(code === charCodes.verticalBar ? TokenType.logicalOR : TokenType.logicalAND, 2);
      return;
    }
    if (code === charCodes.verticalBar) {
      if (nextChar === charCodes.greaterThan) {
        finishOp(TokenType.pipeline, 2);
        return;
      } else if (nextChar === charCodes.rightCurlyBrace && isFlowEnabled) {
        finishOp(TokenType.braceBarR, 2);
        return;
      }
    }
    if (nextChar === charCodes.equalsTo) {
      finishOp(TokenType.assign, 2);
      return;
    }
    finishOp(code === charCodes.verticalBar ? TokenType.bitwiseOR : TokenType.bitwiseAND, 1);
  }
  function readToken_caret() {
    input.charCodeAt(state.pos + 1) === charCodes.equalsTo ? finishOp(TokenType.assign, 2) : finishOp(TokenType.bitwiseXOR, 1);
  }
  function readToken_plus_min(code) {
    let nextChar = input.charCodeAt(state.pos + 1);
    if (nextChar === code) {
      finishOp(TokenType.preIncDec, 2);
      return;
    }
    nextChar === charCodes.equalsTo ? finishOp(TokenType.assign, 2) : code === charCodes.plusSign ? finishOp(TokenType.plus, 1) : finishOp(TokenType.minus, 1);
  }
  function readToken_lt() {
    let nextChar = input.charCodeAt(state.pos + 1);
    if (nextChar === charCodes.lessThan) {
      if (input.charCodeAt(state.pos + 2) === charCodes.equalsTo) {
        finishOp(TokenType.assign, 3);
        return;
      }
      state.isType ? finishOp(TokenType.lessThan, 1) : finishOp(TokenType.bitShiftL, 2);
      return;
    }
    nextChar === charCodes.equalsTo ? finishOp(TokenType.relationalOrEqual, 2) : finishOp(TokenType.lessThan, 1);
  }
  function readToken_gt() {
    if (state.isType) {
      finishOp(TokenType.greaterThan, 1);
      return;
    }
    let nextChar = input.charCodeAt(state.pos + 1);
    if (nextChar === charCodes.greaterThan) {
      let size = input.charCodeAt(state.pos + 2) === charCodes.greaterThan ? 3 : 2;
      if (input.charCodeAt(state.pos + size) === charCodes.equalsTo) {
        finishOp(TokenType.assign, size + 1);
        return;
      }
      finishOp(TokenType.bitShiftR, size);
      return;
    }
    nextChar === charCodes.equalsTo ? finishOp(TokenType.relationalOrEqual, 2) : finishOp(TokenType.greaterThan, 1);
  }
  function rescan_gt() {
    state.type === TokenType.greaterThan && (state.pos -= 1, readToken_gt());
  }
  function readToken_eq_excl(code) {
    let nextChar = input.charCodeAt(state.pos + 1);
    if (nextChar === charCodes.equalsTo) {
      finishOp(TokenType.equality, input.charCodeAt(state.pos + 2) === charCodes.equalsTo ? 3 : 2);
      return;
    }
    if (code === charCodes.equalsTo && nextChar === charCodes.greaterThan) {
      state.pos += 2, finishToken(TokenType.arrow);
      return;
    }
    finishOp(code === charCodes.equalsTo ? TokenType.eq : TokenType.bang, 1);
  }
  function readToken_question() {
    let nextChar = input.charCodeAt(state.pos + 1), nextChar2 = input.charCodeAt(state.pos + 2);
    nextChar === charCodes.questionMark && // In Flow (but not TypeScript), ??string is a valid type that should be
    // tokenized as two individual ? tokens.
    !(isFlowEnabled && state.isType) ? nextChar2 === charCodes.equalsTo ? finishOp(TokenType.assign, 3) : finishOp(TokenType.nullishCoalescing, 2) : nextChar === charCodes.dot && !(nextChar2 >= charCodes.digit0 && nextChar2 <= charCodes.digit9) ? (state.pos += 2, finishToken(TokenType.questionDot)) : (++state.pos, finishToken(TokenType.question));
  }
  function getTokenFromCode(code) {
    switch (code) {
      case charCodes.numberSign:
        ++state.pos, finishToken(TokenType.hash);
        return;
      // The interpretation of a dot depends on whether it is followed
      // by a digit or another two dots.
      case charCodes.dot:
        readToken_dot();
        return;
      // Punctuation tokens.
      case charCodes.leftParenthesis:
        ++state.pos, finishToken(TokenType.parenL);
        return;
      case charCodes.rightParenthesis:
        ++state.pos, finishToken(TokenType.parenR);
        return;
      case charCodes.semicolon:
        ++state.pos, finishToken(TokenType.semi);
        return;
      case charCodes.comma:
        ++state.pos, finishToken(TokenType.comma);
        return;
      case charCodes.leftSquareBracket:
        ++state.pos, finishToken(TokenType.bracketL);
        return;
      case charCodes.rightSquareBracket:
        ++state.pos, finishToken(TokenType.bracketR);
        return;
      case charCodes.leftCurlyBrace:
        isFlowEnabled && input.charCodeAt(state.pos + 1) === charCodes.verticalBar ? finishOp(TokenType.braceBarL, 2) : (++state.pos, finishToken(TokenType.braceL));
        return;
      case charCodes.rightCurlyBrace:
        ++state.pos, finishToken(TokenType.braceR);
        return;
      case charCodes.colon:
        input.charCodeAt(state.pos + 1) === charCodes.colon ? finishOp(TokenType.doubleColon, 2) : (++state.pos, finishToken(TokenType.colon));
        return;
      case charCodes.questionMark:
        readToken_question();
        return;
      case charCodes.atSign:
        ++state.pos, finishToken(TokenType.at);
        return;
      case charCodes.graveAccent:
        ++state.pos, finishToken(TokenType.backQuote);
        return;
      case charCodes.digit0: {
        let nextChar = input.charCodeAt(state.pos + 1);
        if (nextChar === charCodes.lowercaseX || nextChar === charCodes.uppercaseX || nextChar === charCodes.lowercaseO || nextChar === charCodes.uppercaseO || nextChar === charCodes.lowercaseB || nextChar === charCodes.uppercaseB) {
          readRadixNumber();
          return;
        }
      }
      // Anything else beginning with a digit is an integer, octal
      // number, or float.
      case charCodes.digit1:
      case charCodes.digit2:
      case charCodes.digit3:
      case charCodes.digit4:
      case charCodes.digit5:
      case charCodes.digit6:
      case charCodes.digit7:
      case charCodes.digit8:
      case charCodes.digit9:
        readNumber(!1);
        return;
      // Quotes produce strings.
      case charCodes.quotationMark:
      case charCodes.apostrophe:
        readString(code);
        return;
      // Operators are parsed inline in tiny state machines. '=' (charCodes.equalsTo) is
      // often referred to. `finishOp` simply skips the amount of
      // characters it is given as second argument, and returns a token
      // of the type given by its first argument.
      case charCodes.slash:
        readToken_slash();
        return;
      case charCodes.percentSign:
      case charCodes.asterisk:
        readToken_mult_modulo(code);
        return;
      case charCodes.verticalBar:
      case charCodes.ampersand:
        readToken_pipe_amp(code);
        return;
      case charCodes.caret:
        readToken_caret();
        return;
      case charCodes.plusSign:
      case charCodes.dash:
        readToken_plus_min(code);
        return;
      case charCodes.lessThan:
        readToken_lt();
        return;
      case charCodes.greaterThan:
        readToken_gt();
        return;
      case charCodes.equalsTo:
      case charCodes.exclamationMark:
        readToken_eq_excl(code);
        return;
      case charCodes.tilde:
        finishOp(TokenType.tilde, 1);
        return;
      default:
        break;
    }
    unexpected(`Unexpected character '${String.fromCharCode(code)}'`, state.pos);
  }
  function finishOp(type, size) {
    state.pos += size, finishToken(type);
  }
  function readRegexp() {
    let start = state.pos, escaped = !1, inClass = !1;
    for (; ; ) {
      if (state.pos >= input.length) {
        unexpected("Unterminated regular expression", start);
        return;
      }
      let code = input.charCodeAt(state.pos);
      if (escaped)
        escaped = !1;
      else {
        if (code === charCodes.leftSquareBracket)
          inClass = !0;
        else if (code === charCodes.rightSquareBracket && inClass)
          inClass = !1;
        else if (code === charCodes.slash && !inClass)
          break;
        escaped = code === charCodes.backslash;
      }
      ++state.pos;
    }
    ++state.pos, skipWord(), finishToken(TokenType.regexp);
  }
  function readInt() {
    for (; ; ) {
      let code = input.charCodeAt(state.pos);
      if (code >= charCodes.digit0 && code <= charCodes.digit9 || code === charCodes.underscore)
        state.pos++;
      else
        break;
    }
  }
  function readRadixNumber() {
    for (state.pos += 2; ; ) {
      let code = input.charCodeAt(state.pos);
      if (code >= charCodes.digit0 && code <= charCodes.digit9 || code >= charCodes.lowercaseA && code <= charCodes.lowercaseF || code >= charCodes.uppercaseA && code <= charCodes.uppercaseF || code === charCodes.underscore)
        state.pos++;
      else
        break;
    }
    input.charCodeAt(state.pos) === charCodes.lowercaseN ? (++state.pos, finishToken(TokenType.bigint)) : finishToken(TokenType.num);
  }
  function readNumber(startsWithDot) {
    let isBigInt = !1, isDecimal = !1;
    startsWithDot || readInt();
    let nextChar = input.charCodeAt(state.pos);
    if (nextChar === charCodes.dot && (++state.pos, readInt(), nextChar = input.charCodeAt(state.pos)), (nextChar === charCodes.uppercaseE || nextChar === charCodes.lowercaseE) && (nextChar = input.charCodeAt(++state.pos), (nextChar === charCodes.plusSign || nextChar === charCodes.dash) && ++state.pos, readInt(), nextChar = input.charCodeAt(state.pos)), nextChar === charCodes.lowercaseN ? (++state.pos, isBigInt = !0) : nextChar === charCodes.lowercaseM && (++state.pos, isDecimal = !0), isBigInt) {
      finishToken(TokenType.bigint);
      return;
    }
    if (isDecimal) {
      finishToken(TokenType.decimal);
      return;
    }
    finishToken(TokenType.num);
  }
  function readString(quote) {
    for (state.pos++; ; ) {
      if (state.pos >= input.length) {
        unexpected("Unterminated string constant");
        return;
      }
      let ch = input.charCodeAt(state.pos);
      if (ch === charCodes.backslash)
        state.pos++;
      else if (ch === quote)
        break;
      state.pos++;
    }
    state.pos++, finishToken(TokenType.string);
  }
  function readTmplToken() {
    for (; ; ) {
      if (state.pos >= input.length) {
        unexpected("Unterminated template");
        return;
      }
      let ch = input.charCodeAt(state.pos);
      if (ch === charCodes.graveAccent || ch === charCodes.dollarSign && input.charCodeAt(state.pos + 1) === charCodes.leftCurlyBrace) {
        if (state.pos === state.start && match(TokenType.template))
          if (ch === charCodes.dollarSign) {
            state.pos += 2, finishToken(TokenType.dollarBraceL);
            return;
          } else {
            ++state.pos, finishToken(TokenType.backQuote);
            return;
          }
        finishToken(TokenType.template);
        return;
      }
      ch === charCodes.backslash && state.pos++, state.pos++;
    }
  }
  function skipWord() {
    for (; state.pos < input.length; ) {
      let ch = input.charCodeAt(state.pos);
      if (IS_IDENTIFIER_CHAR[ch])
        state.pos++;
      else if (ch === charCodes.backslash) {
        if (state.pos += 2, input.charCodeAt(state.pos) === charCodes.leftCurlyBrace) {
          for (; state.pos < input.length && input.charCodeAt(state.pos) !== charCodes.rightCurlyBrace; )
            state.pos++;
          state.pos++;
        }
      } else
        break;
    }
  }
  var IdentifierRole, JSXRole, Token, TypeAndKeyword, init_tokenizer = __esm({
    "node_modules/sucrase/dist/esm/parser/tokenizer/index.js"() {
      init_base();
      init_util();
      init_charcodes();
      init_identifier();
      init_whitespace();
      init_keywords();
      init_readWord();
      init_types();
      (function(IdentifierRole2) {
        IdentifierRole2[IdentifierRole2.Access = 0] = "Access";
        let ExportAccess = 1;
        IdentifierRole2[IdentifierRole2.ExportAccess = ExportAccess] = "ExportAccess";
        let TopLevelDeclaration = ExportAccess + 1;
        IdentifierRole2[IdentifierRole2.TopLevelDeclaration = TopLevelDeclaration] = "TopLevelDeclaration";
        let FunctionScopedDeclaration = TopLevelDeclaration + 1;
        IdentifierRole2[IdentifierRole2.FunctionScopedDeclaration = FunctionScopedDeclaration] = "FunctionScopedDeclaration";
        let BlockScopedDeclaration = FunctionScopedDeclaration + 1;
        IdentifierRole2[IdentifierRole2.BlockScopedDeclaration = BlockScopedDeclaration] = "BlockScopedDeclaration";
        let ObjectShorthandTopLevelDeclaration = BlockScopedDeclaration + 1;
        IdentifierRole2[IdentifierRole2.ObjectShorthandTopLevelDeclaration = ObjectShorthandTopLevelDeclaration] = "ObjectShorthandTopLevelDeclaration";
        let ObjectShorthandFunctionScopedDeclaration = ObjectShorthandTopLevelDeclaration + 1;
        IdentifierRole2[IdentifierRole2.ObjectShorthandFunctionScopedDeclaration = ObjectShorthandFunctionScopedDeclaration] = "ObjectShorthandFunctionScopedDeclaration";
        let ObjectShorthandBlockScopedDeclaration = ObjectShorthandFunctionScopedDeclaration + 1;
        IdentifierRole2[IdentifierRole2.ObjectShorthandBlockScopedDeclaration = ObjectShorthandBlockScopedDeclaration] = "ObjectShorthandBlockScopedDeclaration";
        let ObjectShorthand = ObjectShorthandBlockScopedDeclaration + 1;
        IdentifierRole2[IdentifierRole2.ObjectShorthand = ObjectShorthand] = "ObjectShorthand";
        let ImportDeclaration = ObjectShorthand + 1;
        IdentifierRole2[IdentifierRole2.ImportDeclaration = ImportDeclaration] = "ImportDeclaration";
        let ObjectKey = ImportDeclaration + 1;
        IdentifierRole2[IdentifierRole2.ObjectKey = ObjectKey] = "ObjectKey";
        let ImportAccess = ObjectKey + 1;
        IdentifierRole2[IdentifierRole2.ImportAccess = ImportAccess] = "ImportAccess";
      })(IdentifierRole || (IdentifierRole = {}));
      (function(JSXRole2) {
        JSXRole2[JSXRole2.NoChildren = 0] = "NoChildren";
        let OneChild = 1;
        JSXRole2[JSXRole2.OneChild = OneChild] = "OneChild";
        let StaticChildren = OneChild + 1;
        JSXRole2[JSXRole2.StaticChildren = StaticChildren] = "StaticChildren";
        let KeyAfterPropSpread = StaticChildren + 1;
        JSXRole2[JSXRole2.KeyAfterPropSpread = KeyAfterPropSpread] = "KeyAfterPropSpread";
      })(JSXRole || (JSXRole = {}));
      Token = class {
        constructor() {
          this.type = state.type, this.contextualKeyword = state.contextualKeyword, this.start = state.start, this.end = state.end, this.scopeDepth = state.scopeDepth, this.isType = state.isType, this.identifierRole = null, this.jsxRole = null, this.shadowsGlobal = !1, this.isAsyncOperation = !1, this.contextId = null, this.rhsEndIndex = null, this.isExpression = !1, this.numNullishCoalesceStarts = 0, this.numNullishCoalesceEnds = 0, this.isOptionalChainStart = !1, this.isOptionalChainEnd = !1, this.subscriptStartIndex = null, this.nullishStartIndex = null;
        }
        // Initially false for all tokens, then may be computed in a follow-up step that does scope
        // analysis.
        // Initially false for all tokens, but may be set during transform to mark it as containing an
        // await operation.
        // For assignments, the index of the RHS. For export tokens, the end of the export.
        // For class tokens, records if the class is a class expression or a class statement.
        // Number of times to insert a `nullishCoalesce(` snippet before this token.
        // Number of times to insert a `)` snippet after this token.
        // If true, insert an `optionalChain([` snippet before this token.
        // If true, insert a `])` snippet after this token.
        // Tag for `.`, `?.`, `[`, `?.[`, `(`, and `?.(` to denote the "root" token for this
        // subscript chain. This can be used to determine if this chain is an optional chain.
        // Tag for `??` operators to denote the root token for this nullish coalescing call.
      };
      TypeAndKeyword = class {
        constructor(type, contextualKeyword) {
          this.type = type, this.contextualKeyword = contextualKeyword;
        }
      };
    }
  });

  // node_modules/sucrase/dist/esm/util/getImportExportSpecifierInfo.js
  function getImportExportSpecifierInfo(tokens, index = tokens.currentIndex()) {
    let endIndex = index + 1;
    if (isSpecifierEnd(tokens, endIndex)) {
      let name = tokens.identifierNameAtIndex(index);
      return {
        isType: !1,
        leftName: name,
        rightName: name,
        endIndex
      };
    }
    if (endIndex++, isSpecifierEnd(tokens, endIndex))
      return {
        isType: !0,
        leftName: null,
        rightName: null,
        endIndex
      };
    if (endIndex++, isSpecifierEnd(tokens, endIndex))
      return {
        isType: !1,
        leftName: tokens.identifierNameAtIndex(index),
        rightName: tokens.identifierNameAtIndex(index + 2),
        endIndex
      };
    if (endIndex++, isSpecifierEnd(tokens, endIndex))
      return {
        isType: !0,
        leftName: null,
        rightName: null,
        endIndex
      };
    throw new Error(`Unexpected import/export specifier at ${index}`);
  }
  function isSpecifierEnd(tokens, index) {
    let token = tokens.tokens[index];
    return token.type === TokenType.braceR || token.type === TokenType.comma;
  }
  var init_getImportExportSpecifierInfo = __esm({
    "node_modules/sucrase/dist/esm/util/getImportExportSpecifierInfo.js"() {
      init_types();
    }
  });

  // node_modules/sucrase/dist/esm/parser/plugins/jsx/xhtml.js
  var xhtml_default, init_xhtml = __esm({
    "node_modules/sucrase/dist/esm/parser/plugins/jsx/xhtml.js"() {
      xhtml_default = /* @__PURE__ */ new Map([
        ["quot", '"'],
        ["amp", "&"],
        ["apos", "'"],
        ["lt", "<"],
        ["gt", ">"],
        ["nbsp", "\xA0"],
        ["iexcl", "\xA1"],
        ["cent", "\xA2"],
        ["pound", "\xA3"],
        ["curren", "\xA4"],
        ["yen", "\xA5"],
        ["brvbar", "\xA6"],
        ["sect", "\xA7"],
        ["uml", "\xA8"],
        ["copy", "\xA9"],
        ["ordf", "\xAA"],
        ["laquo", "\xAB"],
        ["not", "\xAC"],
        ["shy", "\xAD"],
        ["reg", "\xAE"],
        ["macr", "\xAF"],
        ["deg", "\xB0"],
        ["plusmn", "\xB1"],
        ["sup2", "\xB2"],
        ["sup3", "\xB3"],
        ["acute", "\xB4"],
        ["micro", "\xB5"],
        ["para", "\xB6"],
        ["middot", "\xB7"],
        ["cedil", "\xB8"],
        ["sup1", "\xB9"],
        ["ordm", "\xBA"],
        ["raquo", "\xBB"],
        ["frac14", "\xBC"],
        ["frac12", "\xBD"],
        ["frac34", "\xBE"],
        ["iquest", "\xBF"],
        ["Agrave", "\xC0"],
        ["Aacute", "\xC1"],
        ["Acirc", "\xC2"],
        ["Atilde", "\xC3"],
        ["Auml", "\xC4"],
        ["Aring", "\xC5"],
        ["AElig", "\xC6"],
        ["Ccedil", "\xC7"],
        ["Egrave", "\xC8"],
        ["Eacute", "\xC9"],
        ["Ecirc", "\xCA"],
        ["Euml", "\xCB"],
        ["Igrave", "\xCC"],
        ["Iacute", "\xCD"],
        ["Icirc", "\xCE"],
        ["Iuml", "\xCF"],
        ["ETH", "\xD0"],
        ["Ntilde", "\xD1"],
        ["Ograve", "\xD2"],
        ["Oacute", "\xD3"],
        ["Ocirc", "\xD4"],
        ["Otilde", "\xD5"],
        ["Ouml", "\xD6"],
        ["times", "\xD7"],
        ["Oslash", "\xD8"],
        ["Ugrave", "\xD9"],
        ["Uacute", "\xDA"],
        ["Ucirc", "\xDB"],
        ["Uuml", "\xDC"],
        ["Yacute", "\xDD"],
        ["THORN", "\xDE"],
        ["szlig", "\xDF"],
        ["agrave", "\xE0"],
        ["aacute", "\xE1"],
        ["acirc", "\xE2"],
        ["atilde", "\xE3"],
        ["auml", "\xE4"],
        ["aring", "\xE5"],
        ["aelig", "\xE6"],
        ["ccedil", "\xE7"],
        ["egrave", "\xE8"],
        ["eacute", "\xE9"],
        ["ecirc", "\xEA"],
        ["euml", "\xEB"],
        ["igrave", "\xEC"],
        ["iacute", "\xED"],
        ["icirc", "\xEE"],
        ["iuml", "\xEF"],
        ["eth", "\xF0"],
        ["ntilde", "\xF1"],
        ["ograve", "\xF2"],
        ["oacute", "\xF3"],
        ["ocirc", "\xF4"],
        ["otilde", "\xF5"],
        ["ouml", "\xF6"],
        ["divide", "\xF7"],
        ["oslash", "\xF8"],
        ["ugrave", "\xF9"],
        ["uacute", "\xFA"],
        ["ucirc", "\xFB"],
        ["uuml", "\xFC"],
        ["yacute", "\xFD"],
        ["thorn", "\xFE"],
        ["yuml", "\xFF"],
        ["OElig", "\u0152"],
        ["oelig", "\u0153"],
        ["Scaron", "\u0160"],
        ["scaron", "\u0161"],
        ["Yuml", "\u0178"],
        ["fnof", "\u0192"],
        ["circ", "\u02C6"],
        ["tilde", "\u02DC"],
        ["Alpha", "\u0391"],
        ["Beta", "\u0392"],
        ["Gamma", "\u0393"],
        ["Delta", "\u0394"],
        ["Epsilon", "\u0395"],
        ["Zeta", "\u0396"],
        ["Eta", "\u0397"],
        ["Theta", "\u0398"],
        ["Iota", "\u0399"],
        ["Kappa", "\u039A"],
        ["Lambda", "\u039B"],
        ["Mu", "\u039C"],
        ["Nu", "\u039D"],
        ["Xi", "\u039E"],
        ["Omicron", "\u039F"],
        ["Pi", "\u03A0"],
        ["Rho", "\u03A1"],
        ["Sigma", "\u03A3"],
        ["Tau", "\u03A4"],
        ["Upsilon", "\u03A5"],
        ["Phi", "\u03A6"],
        ["Chi", "\u03A7"],
        ["Psi", "\u03A8"],
        ["Omega", "\u03A9"],
        ["alpha", "\u03B1"],
        ["beta", "\u03B2"],
        ["gamma", "\u03B3"],
        ["delta", "\u03B4"],
        ["epsilon", "\u03B5"],
        ["zeta", "\u03B6"],
        ["eta", "\u03B7"],
        ["theta", "\u03B8"],
        ["iota", "\u03B9"],
        ["kappa", "\u03BA"],
        ["lambda", "\u03BB"],
        ["mu", "\u03BC"],
        ["nu", "\u03BD"],
        ["xi", "\u03BE"],
        ["omicron", "\u03BF"],
        ["pi", "\u03C0"],
        ["rho", "\u03C1"],
        ["sigmaf", "\u03C2"],
        ["sigma", "\u03C3"],
        ["tau", "\u03C4"],
        ["upsilon", "\u03C5"],
        ["phi", "\u03C6"],
        ["chi", "\u03C7"],
        ["psi", "\u03C8"],
        ["omega", "\u03C9"],
        ["thetasym", "\u03D1"],
        ["upsih", "\u03D2"],
        ["piv", "\u03D6"],
        ["ensp", "\u2002"],
        ["emsp", "\u2003"],
        ["thinsp", "\u2009"],
        ["zwnj", "\u200C"],
        ["zwj", "\u200D"],
        ["lrm", "\u200E"],
        ["rlm", "\u200F"],
        ["ndash", "\u2013"],
        ["mdash", "\u2014"],
        ["lsquo", "\u2018"],
        ["rsquo", "\u2019"],
        ["sbquo", "\u201A"],
        ["ldquo", "\u201C"],
        ["rdquo", "\u201D"],
        ["bdquo", "\u201E"],
        ["dagger", "\u2020"],
        ["Dagger", "\u2021"],
        ["bull", "\u2022"],
        ["hellip", "\u2026"],
        ["permil", "\u2030"],
        ["prime", "\u2032"],
        ["Prime", "\u2033"],
        ["lsaquo", "\u2039"],
        ["rsaquo", "\u203A"],
        ["oline", "\u203E"],
        ["frasl", "\u2044"],
        ["euro", "\u20AC"],
        ["image", "\u2111"],
        ["weierp", "\u2118"],
        ["real", "\u211C"],
        ["trade", "\u2122"],
        ["alefsym", "\u2135"],
        ["larr", "\u2190"],
        ["uarr", "\u2191"],
        ["rarr", "\u2192"],
        ["darr", "\u2193"],
        ["harr", "\u2194"],
        ["crarr", "\u21B5"],
        ["lArr", "\u21D0"],
        ["uArr", "\u21D1"],
        ["rArr", "\u21D2"],
        ["dArr", "\u21D3"],
        ["hArr", "\u21D4"],
        ["forall", "\u2200"],
        ["part", "\u2202"],
        ["exist", "\u2203"],
        ["empty", "\u2205"],
        ["nabla", "\u2207"],
        ["isin", "\u2208"],
        ["notin", "\u2209"],
        ["ni", "\u220B"],
        ["prod", "\u220F"],
        ["sum", "\u2211"],
        ["minus", "\u2212"],
        ["lowast", "\u2217"],
        ["radic", "\u221A"],
        ["prop", "\u221D"],
        ["infin", "\u221E"],
        ["ang", "\u2220"],
        ["and", "\u2227"],
        ["or", "\u2228"],
        ["cap", "\u2229"],
        ["cup", "\u222A"],
        ["int", "\u222B"],
        ["there4", "\u2234"],
        ["sim", "\u223C"],
        ["cong", "\u2245"],
        ["asymp", "\u2248"],
        ["ne", "\u2260"],
        ["equiv", "\u2261"],
        ["le", "\u2264"],
        ["ge", "\u2265"],
        ["sub", "\u2282"],
        ["sup", "\u2283"],
        ["nsub", "\u2284"],
        ["sube", "\u2286"],
        ["supe", "\u2287"],
        ["oplus", "\u2295"],
        ["otimes", "\u2297"],
        ["perp", "\u22A5"],
        ["sdot", "\u22C5"],
        ["lceil", "\u2308"],
        ["rceil", "\u2309"],
        ["lfloor", "\u230A"],
        ["rfloor", "\u230B"],
        ["lang", "\u2329"],
        ["rang", "\u232A"],
        ["loz", "\u25CA"],
        ["spades", "\u2660"],
        ["clubs", "\u2663"],
        ["hearts", "\u2665"],
        ["diams", "\u2666"]
      ]);
    }
  });

  // node_modules/sucrase/dist/esm/util/getJSXPragmaInfo.js
  function getJSXPragmaInfo(options) {
    let [base, suffix] = splitPragma(options.jsxPragma || "React.createElement"), [fragmentBase, fragmentSuffix] = splitPragma(options.jsxFragmentPragma || "React.Fragment");
    return { base, suffix, fragmentBase, fragmentSuffix };
  }
  function splitPragma(pragma) {
    let dotIndex = pragma.indexOf(".");
    return dotIndex === -1 && (dotIndex = pragma.length), [pragma.slice(0, dotIndex), pragma.slice(dotIndex)];
  }
  var init_getJSXPragmaInfo = __esm({
    "node_modules/sucrase/dist/esm/util/getJSXPragmaInfo.js"() {
    }
  });

  // node_modules/sucrase/dist/esm/transformers/Transformer.js
  var Transformer, init_Transformer = __esm({
    "node_modules/sucrase/dist/esm/transformers/Transformer.js"() {
      Transformer = class {
        // Return true if anything was processed, false otherwise.
        getPrefixCode() {
          return "";
        }
        getHoistedCode() {
          return "";
        }
        getSuffixCode() {
          return "";
        }
      };
    }
  });

  // node_modules/sucrase/dist/esm/transformers/JSXTransformer.js
  function startsWithLowerCase(s) {
    let firstChar = s.charCodeAt(0);
    return firstChar >= charCodes.lowercaseA && firstChar <= charCodes.lowercaseZ;
  }
  function formatJSXTextLiteral(text) {
    let result = "", whitespace = "", isInInitialLineWhitespace = !1, seenNonWhitespace = !1;
    for (let i = 0; i < text.length; i++) {
      let c = text[i];
      if (c === " " || c === "	" || c === "\r")
        isInInitialLineWhitespace || (whitespace += c);
      else if (c === `
`)
        whitespace = "", isInInitialLineWhitespace = !0;
      else {
        if (seenNonWhitespace && isInInitialLineWhitespace && (result += " "), result += whitespace, whitespace = "", c === "&") {
          let { entity, newI } = processEntity(text, i + 1);
          i = newI - 1, result += entity;
        } else
          result += c;
        seenNonWhitespace = !0, isInInitialLineWhitespace = !1;
      }
    }
    return isInInitialLineWhitespace || (result += whitespace), JSON.stringify(result);
  }
  function formatJSXTextReplacement(text) {
    let numNewlines = 0, numSpaces = 0;
    for (let c of text)
      c === `
` ? (numNewlines++, numSpaces = 0) : c === " " && numSpaces++;
    return `
`.repeat(numNewlines) + " ".repeat(numSpaces);
  }
  function formatJSXStringValueLiteral(text) {
    let result = "";
    for (let i = 0; i < text.length; i++) {
      let c = text[i];
      if (c === `
`)
        if (/\s/.test(text[i + 1]))
          for (result += " "; i < text.length && /\s/.test(text[i + 1]); )
            i++;
        else
          result += `
`;
      else if (c === "&") {
        let { entity, newI } = processEntity(text, i + 1);
        result += entity, i = newI - 1;
      } else
        result += c;
    }
    return JSON.stringify(result);
  }
  function processEntity(text, indexAfterAmpersand) {
    let str = "", count = 0, entity, i = indexAfterAmpersand;
    if (text[i] === "#") {
      let radix = 10;
      i++;
      let numStart;
      if (text[i] === "x")
        for (radix = 16, i++, numStart = i; i < text.length && isHexDigit(text.charCodeAt(i)); )
          i++;
      else
        for (numStart = i; i < text.length && isDecimalDigit(text.charCodeAt(i)); )
          i++;
      if (text[i] === ";") {
        let numStr = text.slice(numStart, i);
        numStr && (i++, entity = String.fromCodePoint(parseInt(numStr, radix)));
      }
    } else
      for (; i < text.length && count++ < 10; ) {
        let ch = text[i];
        if (i++, ch === ";") {
          entity = xhtml_default.get(str);
          break;
        }
        str += ch;
      }
    return entity ? { entity, newI: i } : { entity: "&", newI: indexAfterAmpersand };
  }
  function isDecimalDigit(code) {
    return code >= charCodes.digit0 && code <= charCodes.digit9;
  }
  function isHexDigit(code) {
    return code >= charCodes.digit0 && code <= charCodes.digit9 || code >= charCodes.lowercaseA && code <= charCodes.lowercaseF || code >= charCodes.uppercaseA && code <= charCodes.uppercaseF;
  }
  var JSXTransformer, init_JSXTransformer = __esm({
    "node_modules/sucrase/dist/esm/transformers/JSXTransformer.js"() {
      init_xhtml();
      init_tokenizer();
      init_types();
      init_charcodes();
      init_getJSXPragmaInfo();
      init_Transformer();
      JSXTransformer = class _JSXTransformer extends Transformer {
        // State for calculating the line number of each JSX tag in development.
        __init() {
          this.lastLineNumber = 1;
        }
        __init2() {
          this.lastIndex = 0;
        }
        // In development, variable name holding the name of the current file.
        __init3() {
          this.filenameVarName = null;
        }
        // Mapping of claimed names for imports in the automatic transform, e,g.
        // {jsx: "_jsx"}. This determines which imports to generate in the prefix.
        __init4() {
          this.esmAutomaticImportNameResolutions = {};
        }
        // When automatically adding imports in CJS mode, we store the variable name
        // holding the imported CJS module so we can require it in the prefix.
        __init5() {
          this.cjsAutomaticModuleNameResolutions = {};
        }
        constructor(rootTransformer, tokens, importProcessor, nameManager, options) {
          super(), this.rootTransformer = rootTransformer, this.tokens = tokens, this.importProcessor = importProcessor, this.nameManager = nameManager, this.options = options, _JSXTransformer.prototype.__init.call(this), _JSXTransformer.prototype.__init2.call(this), _JSXTransformer.prototype.__init3.call(this), _JSXTransformer.prototype.__init4.call(this), _JSXTransformer.prototype.__init5.call(this), this.jsxPragmaInfo = getJSXPragmaInfo(options), this.isAutomaticRuntime = options.jsxRuntime === "automatic", this.jsxImportSource = options.jsxImportSource || "react";
        }
        process() {
          return this.tokens.matches1(TokenType.jsxTagStart) ? (this.processJSXTag(), !0) : !1;
        }
        getPrefixCode() {
          let prefix = "";
          if (this.filenameVarName && (prefix += `const ${this.filenameVarName} = ${JSON.stringify(this.options.filePath || "")};`), this.isAutomaticRuntime)
            if (this.importProcessor)
              for (let [path, resolvedName] of Object.entries(this.cjsAutomaticModuleNameResolutions))
                prefix += `var ${resolvedName} = require("${path}");`;
            else {
              let { createElement: createElementResolution, ...otherResolutions } = this.esmAutomaticImportNameResolutions;
              createElementResolution && (prefix += `import {createElement as ${createElementResolution}} from "${this.jsxImportSource}";`);
              let importSpecifiers = Object.entries(otherResolutions).map(([name, resolvedName]) => `${name} as ${resolvedName}`).join(", ");
              if (importSpecifiers) {
                let importPath = this.jsxImportSource + (this.options.production ? "/jsx-runtime" : "/jsx-dev-runtime");
                prefix += `import {${importSpecifiers}} from "${importPath}";`;
              }
            }
          return prefix;
        }
        processJSXTag() {
          let { jsxRole, start } = this.tokens.currentToken(), elementLocationCode = this.options.production ? null : this.getElementLocationCode(start);
          this.isAutomaticRuntime && jsxRole !== JSXRole.KeyAfterPropSpread ? this.transformTagToJSXFunc(elementLocationCode, jsxRole) : this.transformTagToCreateElement(elementLocationCode);
        }
        getElementLocationCode(firstTokenStart) {
          return `lineNumber: ${this.getLineNumberForIndex(firstTokenStart)}`;
        }
        /**
         * Get the line number for this source position. This is calculated lazily and
         * must be called in increasing order by index.
         */
        getLineNumberForIndex(index) {
          let code = this.tokens.code;
          for (; this.lastIndex < index && this.lastIndex < code.length; )
            code[this.lastIndex] === `
` && this.lastLineNumber++, this.lastIndex++;
          return this.lastLineNumber;
        }
        /**
         * Convert the current JSX element to a call to jsx, jsxs, or jsxDEV. This is
         * the primary transformation for the automatic transform.
         *
         * Example:
         * <div a={1} key={2}>Hello{x}</div>
         * becomes
         * jsxs('div', {a: 1, children: ["Hello", x]}, 2)
         */
        transformTagToJSXFunc(elementLocationCode, jsxRole) {
          let isStatic = jsxRole === JSXRole.StaticChildren;
          this.tokens.replaceToken(this.getJSXFuncInvocationCode(isStatic));
          let keyCode = null;
          if (this.tokens.matches1(TokenType.jsxTagEnd))
            this.tokens.replaceToken(`${this.getFragmentCode()}, {`), this.processAutomaticChildrenAndEndProps(jsxRole);
          else {
            if (this.processTagIntro(), this.tokens.appendCode(", {"), keyCode = this.processProps(!0), this.tokens.matches2(TokenType.slash, TokenType.jsxTagEnd))
              this.tokens.appendCode("}");
            else if (this.tokens.matches1(TokenType.jsxTagEnd))
              this.tokens.removeToken(), this.processAutomaticChildrenAndEndProps(jsxRole);
            else
              throw new Error("Expected either /> or > at the end of the tag.");
            keyCode && this.tokens.appendCode(`, ${keyCode}`);
          }
          for (this.options.production || (keyCode === null && this.tokens.appendCode(", void 0"), this.tokens.appendCode(`, ${isStatic}, ${this.getDevSource(elementLocationCode)}, this`)), this.tokens.removeInitialToken(); !this.tokens.matches1(TokenType.jsxTagEnd); )
            this.tokens.removeToken();
          this.tokens.replaceToken(")");
        }
        /**
         * Convert the current JSX element to a createElement call. In the classic
         * runtime, this is the only case. In the automatic runtime, this is called
         * as a fallback in some situations.
         *
         * Example:
         * <div a={1} key={2}>Hello{x}</div>
         * becomes
         * React.createElement('div', {a: 1, key: 2}, "Hello", x)
         */
        transformTagToCreateElement(elementLocationCode) {
          if (this.tokens.replaceToken(this.getCreateElementInvocationCode()), this.tokens.matches1(TokenType.jsxTagEnd))
            this.tokens.replaceToken(`${this.getFragmentCode()}, null`), this.processChildren(!0);
          else if (this.processTagIntro(), this.processPropsObjectWithDevInfo(elementLocationCode), !this.tokens.matches2(TokenType.slash, TokenType.jsxTagEnd))
            if (this.tokens.matches1(TokenType.jsxTagEnd))
              this.tokens.removeToken(), this.processChildren(!0);
            else
              throw new Error("Expected either /> or > at the end of the tag.");
          for (this.tokens.removeInitialToken(); !this.tokens.matches1(TokenType.jsxTagEnd); )
            this.tokens.removeToken();
          this.tokens.replaceToken(")");
        }
        /**
         * Get the code for the relevant function for this context: jsx, jsxs,
         * or jsxDEV. The following open-paren is included as well.
         *
         * These functions are only used for the automatic runtime, so they are always
         * auto-imported, but the auto-import will be either CJS or ESM based on the
         * target module format.
         */
        getJSXFuncInvocationCode(isStatic) {
          return this.options.production ? isStatic ? this.claimAutoImportedFuncInvocation("jsxs", "/jsx-runtime") : this.claimAutoImportedFuncInvocation("jsx", "/jsx-runtime") : this.claimAutoImportedFuncInvocation("jsxDEV", "/jsx-dev-runtime");
        }
        /**
         * Return the code to use for the createElement function, e.g.
         * `React.createElement`, including the following open-paren.
         *
         * This is the main function to use for the classic runtime. For the
         * automatic runtime, this function is used as a fallback function to
         * preserve behavior when there is a prop spread followed by an explicit
         * key. In that automatic runtime case, the function should be automatically
         * imported.
         */
        getCreateElementInvocationCode() {
          if (this.isAutomaticRuntime)
            return this.claimAutoImportedFuncInvocation("createElement", "");
          {
            let { jsxPragmaInfo } = this;
            return `${this.importProcessor && this.importProcessor.getIdentifierReplacement(jsxPragmaInfo.base) || jsxPragmaInfo.base}${jsxPragmaInfo.suffix}(`;
          }
        }
        /**
         * Return the code to use as the component when compiling a shorthand
         * fragment, e.g. `React.Fragment`.
         *
         * This may be called from either the classic or automatic runtime, and
         * the value should be auto-imported for the automatic runtime.
         */
        getFragmentCode() {
          if (this.isAutomaticRuntime)
            return this.claimAutoImportedName(
              "Fragment",
              this.options.production ? "/jsx-runtime" : "/jsx-dev-runtime"
            );
          {
            let { jsxPragmaInfo } = this;
            return (this.importProcessor && this.importProcessor.getIdentifierReplacement(jsxPragmaInfo.fragmentBase) || jsxPragmaInfo.fragmentBase) + jsxPragmaInfo.fragmentSuffix;
          }
        }
        /**
         * Return code that invokes the given function.
         *
         * When the imports transform is enabled, use the CJSImportTransformer
         * strategy of using `.call(void 0, ...` to avoid passing a `this` value in a
         * situation that would otherwise look like a method call.
         */
        claimAutoImportedFuncInvocation(funcName, importPathSuffix) {
          let funcCode = this.claimAutoImportedName(funcName, importPathSuffix);
          return this.importProcessor ? `${funcCode}.call(void 0, ` : `${funcCode}(`;
        }
        claimAutoImportedName(funcName, importPathSuffix) {
          if (this.importProcessor) {
            let path = this.jsxImportSource + importPathSuffix;
            return this.cjsAutomaticModuleNameResolutions[path] || (this.cjsAutomaticModuleNameResolutions[path] = this.importProcessor.getFreeIdentifierForPath(path)), `${this.cjsAutomaticModuleNameResolutions[path]}.${funcName}`;
          } else
            return this.esmAutomaticImportNameResolutions[funcName] || (this.esmAutomaticImportNameResolutions[funcName] = this.nameManager.claimFreeName(
              `_${funcName}`
            )), this.esmAutomaticImportNameResolutions[funcName];
        }
        /**
         * Process the first part of a tag, before any props.
         */
        processTagIntro() {
          let introEnd = this.tokens.currentIndex() + 1;
          for (; this.tokens.tokens[introEnd].isType || !this.tokens.matches2AtIndex(introEnd - 1, TokenType.jsxName, TokenType.jsxName) && !this.tokens.matches2AtIndex(introEnd - 1, TokenType.greaterThan, TokenType.jsxName) && !this.tokens.matches1AtIndex(introEnd, TokenType.braceL) && !this.tokens.matches1AtIndex(introEnd, TokenType.jsxTagEnd) && !this.tokens.matches2AtIndex(introEnd, TokenType.slash, TokenType.jsxTagEnd); )
            introEnd++;
          if (introEnd === this.tokens.currentIndex() + 1) {
            let tagName = this.tokens.identifierName();
            startsWithLowerCase(tagName) && this.tokens.replaceToken(`'${tagName}'`);
          }
          for (; this.tokens.currentIndex() < introEnd; )
            this.rootTransformer.processToken();
        }
        /**
         * Starting at the beginning of the props, add the props argument to
         * React.createElement, including the comma before it.
         */
        processPropsObjectWithDevInfo(elementLocationCode) {
          let devProps = this.options.production ? "" : `__self: this, __source: ${this.getDevSource(elementLocationCode)}`;
          if (!this.tokens.matches1(TokenType.jsxName) && !this.tokens.matches1(TokenType.braceL)) {
            devProps ? this.tokens.appendCode(`, {${devProps}}`) : this.tokens.appendCode(", null");
            return;
          }
          this.tokens.appendCode(", {"), this.processProps(!1), devProps ? this.tokens.appendCode(` ${devProps}}`) : this.tokens.appendCode("}");
        }
        /**
         * Transform the core part of the props, assuming that a { has already been
         * inserted before us and that a } will be inserted after us.
         *
         * If extractKeyCode is true (i.e. when using any jsx... function), any prop
         * named "key" has its code captured and returned rather than being emitted to
         * the output code. This shifts line numbers, and emitting the code later will
         * correct line numbers again. If no key is found or if extractKeyCode is
         * false, this function returns null.
         */
        processProps(extractKeyCode) {
          let keyCode = null;
          for (; ; ) {
            if (this.tokens.matches2(TokenType.jsxName, TokenType.eq)) {
              let propName = this.tokens.identifierName();
              if (extractKeyCode && propName === "key") {
                keyCode !== null && this.tokens.appendCode(keyCode.replace(/[^\n]/g, "")), this.tokens.removeToken(), this.tokens.removeToken();
                let snapshot = this.tokens.snapshot();
                this.processPropValue(), keyCode = this.tokens.dangerouslyGetAndRemoveCodeSinceSnapshot(snapshot);
                continue;
              } else
                this.processPropName(propName), this.tokens.replaceToken(": "), this.processPropValue();
            } else if (this.tokens.matches1(TokenType.jsxName)) {
              let propName = this.tokens.identifierName();
              this.processPropName(propName), this.tokens.appendCode(": true");
            } else if (this.tokens.matches1(TokenType.braceL))
              this.tokens.replaceToken(""), this.rootTransformer.processBalancedCode(), this.tokens.replaceToken("");
            else
              break;
            this.tokens.appendCode(",");
          }
          return keyCode;
        }
        processPropName(propName) {
          propName.includes("-") ? this.tokens.replaceToken(`'${propName}'`) : this.tokens.copyToken();
        }
        processPropValue() {
          this.tokens.matches1(TokenType.braceL) ? (this.tokens.replaceToken(""), this.rootTransformer.processBalancedCode(), this.tokens.replaceToken("")) : this.tokens.matches1(TokenType.jsxTagStart) ? this.processJSXTag() : this.processStringPropValue();
        }
        processStringPropValue() {
          let token = this.tokens.currentToken(), valueCode = this.tokens.code.slice(token.start + 1, token.end - 1), replacementCode = formatJSXTextReplacement(valueCode), literalCode = formatJSXStringValueLiteral(valueCode);
          this.tokens.replaceToken(literalCode + replacementCode);
        }
        /**
         * Starting in the middle of the props object literal, produce an additional
         * prop for the children and close the object literal.
         */
        processAutomaticChildrenAndEndProps(jsxRole) {
          jsxRole === JSXRole.StaticChildren ? (this.tokens.appendCode(" children: ["), this.processChildren(!1), this.tokens.appendCode("]}")) : (jsxRole === JSXRole.OneChild && this.tokens.appendCode(" children: "), this.processChildren(!1), this.tokens.appendCode("}"));
        }
        /**
         * Transform children into a comma-separated list, which will be either
         * arguments to createElement or array elements of a children prop.
         */
        processChildren(needsInitialComma) {
          let needsComma = needsInitialComma;
          for (; ; ) {
            if (this.tokens.matches2(TokenType.jsxTagStart, TokenType.slash))
              return;
            let didEmitElement = !1;
            if (this.tokens.matches1(TokenType.braceL))
              this.tokens.matches2(TokenType.braceL, TokenType.braceR) ? (this.tokens.replaceToken(""), this.tokens.replaceToken("")) : (this.tokens.replaceToken(needsComma ? ", " : ""), this.rootTransformer.processBalancedCode(), this.tokens.replaceToken(""), didEmitElement = !0);
            else if (this.tokens.matches1(TokenType.jsxTagStart))
              this.tokens.appendCode(needsComma ? ", " : ""), this.processJSXTag(), didEmitElement = !0;
            else if (this.tokens.matches1(TokenType.jsxText) || this.tokens.matches1(TokenType.jsxEmptyText))
              didEmitElement = this.processChildTextElement(needsComma);
            else
              throw new Error("Unexpected token when processing JSX children.");
            didEmitElement && (needsComma = !0);
          }
        }
        /**
         * Turn a JSX text element into a string literal, or nothing at all if the JSX
         * text resolves to the empty string.
         *
         * Returns true if a string literal is emitted, false otherwise.
         */
        processChildTextElement(needsComma) {
          let token = this.tokens.currentToken(), valueCode = this.tokens.code.slice(token.start, token.end), replacementCode = formatJSXTextReplacement(valueCode), literalCode = formatJSXTextLiteral(valueCode);
          return literalCode === '""' ? (this.tokens.replaceToken(replacementCode), !1) : (this.tokens.replaceToken(`${needsComma ? ", " : ""}${literalCode}${replacementCode}`), !0);
        }
        getDevSource(elementLocationCode) {
          return `{fileName: ${this.getFilenameVarName()}, ${elementLocationCode}}`;
        }
        getFilenameVarName() {
          return this.filenameVarName || (this.filenameVarName = this.nameManager.claimFreeName("_jsxFileName")), this.filenameVarName;
        }
      };
    }
  });

  // node_modules/sucrase/dist/esm/util/getNonTypeIdentifiers.js
  function getNonTypeIdentifiers(tokens, options) {
    let jsxPragmaInfo = getJSXPragmaInfo(options), nonTypeIdentifiers = /* @__PURE__ */ new Set();
    for (let i = 0; i < tokens.tokens.length; i++) {
      let token = tokens.tokens[i];
      if (token.type === TokenType.name && !token.isType && (token.identifierRole === IdentifierRole.Access || token.identifierRole === IdentifierRole.ObjectShorthand || token.identifierRole === IdentifierRole.ExportAccess) && !token.shadowsGlobal && nonTypeIdentifiers.add(tokens.identifierNameForToken(token)), token.type === TokenType.jsxTagStart && nonTypeIdentifiers.add(jsxPragmaInfo.base), token.type === TokenType.jsxTagStart && i + 1 < tokens.tokens.length && tokens.tokens[i + 1].type === TokenType.jsxTagEnd && (nonTypeIdentifiers.add(jsxPragmaInfo.base), nonTypeIdentifiers.add(jsxPragmaInfo.fragmentBase)), token.type === TokenType.jsxName && token.identifierRole === IdentifierRole.Access) {
        let identifierName = tokens.identifierNameForToken(token);
        (!startsWithLowerCase(identifierName) || tokens.tokens[i + 1].type === TokenType.dot) && nonTypeIdentifiers.add(tokens.identifierNameForToken(token));
      }
    }
    return nonTypeIdentifiers;
  }
  var init_getNonTypeIdentifiers = __esm({
    "node_modules/sucrase/dist/esm/util/getNonTypeIdentifiers.js"() {
      init_tokenizer();
      init_types();
      init_JSXTransformer();
      init_getJSXPragmaInfo();
    }
  });

  // node_modules/sucrase/dist/esm/CJSImportProcessor.js
  var CJSImportProcessor, init_CJSImportProcessor = __esm({
    "node_modules/sucrase/dist/esm/CJSImportProcessor.js"() {
      init_tokenizer();
      init_keywords();
      init_types();
      init_getImportExportSpecifierInfo();
      init_getNonTypeIdentifiers();
      CJSImportProcessor = class _CJSImportProcessor {
        __init() {
          this.nonTypeIdentifiers = /* @__PURE__ */ new Set();
        }
        __init2() {
          this.importInfoByPath = /* @__PURE__ */ new Map();
        }
        __init3() {
          this.importsToReplace = /* @__PURE__ */ new Map();
        }
        __init4() {
          this.identifierReplacements = /* @__PURE__ */ new Map();
        }
        __init5() {
          this.exportBindingsByLocalName = /* @__PURE__ */ new Map();
        }
        constructor(nameManager, tokens, enableLegacyTypeScriptModuleInterop, options, isTypeScriptTransformEnabled, keepUnusedImports, helperManager) {
          this.nameManager = nameManager, this.tokens = tokens, this.enableLegacyTypeScriptModuleInterop = enableLegacyTypeScriptModuleInterop, this.options = options, this.isTypeScriptTransformEnabled = isTypeScriptTransformEnabled, this.keepUnusedImports = keepUnusedImports, this.helperManager = helperManager, _CJSImportProcessor.prototype.__init.call(this), _CJSImportProcessor.prototype.__init2.call(this), _CJSImportProcessor.prototype.__init3.call(this), _CJSImportProcessor.prototype.__init4.call(this), _CJSImportProcessor.prototype.__init5.call(this);
        }
        preprocessTokens() {
          for (let i = 0; i < this.tokens.tokens.length; i++)
            this.tokens.matches1AtIndex(i, TokenType._import) && !this.tokens.matches3AtIndex(i, TokenType._import, TokenType.name, TokenType.eq) && this.preprocessImportAtIndex(i), this.tokens.matches1AtIndex(i, TokenType._export) && !this.tokens.matches2AtIndex(i, TokenType._export, TokenType.eq) && this.preprocessExportAtIndex(i);
          this.generateImportReplacements();
        }
        /**
         * In TypeScript, import statements that only import types should be removed.
         * This includes `import {} from 'foo';`, but not `import 'foo';`.
         */
        pruneTypeOnlyImports() {
          this.nonTypeIdentifiers = getNonTypeIdentifiers(this.tokens, this.options);
          for (let [path, importInfo] of this.importInfoByPath.entries()) {
            if (importInfo.hasBareImport || importInfo.hasStarExport || importInfo.exportStarNames.length > 0 || importInfo.namedExports.length > 0)
              continue;
            [
              ...importInfo.defaultNames,
              ...importInfo.wildcardNames,
              ...importInfo.namedImports.map(({ localName }) => localName)
            ].every((name) => this.shouldAutomaticallyElideImportedName(name)) && this.importsToReplace.set(path, "");
          }
        }
        shouldAutomaticallyElideImportedName(name) {
          return this.isTypeScriptTransformEnabled && !this.keepUnusedImports && !this.nonTypeIdentifiers.has(name);
        }
        generateImportReplacements() {
          for (let [path, importInfo] of this.importInfoByPath.entries()) {
            let {
              defaultNames,
              wildcardNames,
              namedImports,
              namedExports,
              exportStarNames,
              hasStarExport
            } = importInfo;
            if (defaultNames.length === 0 && wildcardNames.length === 0 && namedImports.length === 0 && namedExports.length === 0 && exportStarNames.length === 0 && !hasStarExport) {
              this.importsToReplace.set(path, `require('${path}');`);
              continue;
            }
            let primaryImportName = this.getFreeIdentifierForPath(path), secondaryImportName;
            this.enableLegacyTypeScriptModuleInterop ? secondaryImportName = primaryImportName : secondaryImportName = wildcardNames.length > 0 ? wildcardNames[0] : this.getFreeIdentifierForPath(path);
            let requireCode = `var ${primaryImportName} = require('${path}');`;
            if (wildcardNames.length > 0)
              for (let wildcardName of wildcardNames) {
                let moduleExpr = this.enableLegacyTypeScriptModuleInterop ? primaryImportName : `${this.helperManager.getHelperName("interopRequireWildcard")}(${primaryImportName})`;
                requireCode += ` var ${wildcardName} = ${moduleExpr};`;
              }
            else exportStarNames.length > 0 && secondaryImportName !== primaryImportName ? requireCode += ` var ${secondaryImportName} = ${this.helperManager.getHelperName(
              "interopRequireWildcard"
            )}(${primaryImportName});` : defaultNames.length > 0 && secondaryImportName !== primaryImportName && (requireCode += ` var ${secondaryImportName} = ${this.helperManager.getHelperName(
              "interopRequireDefault"
            )}(${primaryImportName});`);
            for (let { importedName, localName } of namedExports)
              requireCode += ` ${this.helperManager.getHelperName(
                "createNamedExportFrom"
              )}(${primaryImportName}, '${localName}', '${importedName}');`;
            for (let exportStarName of exportStarNames)
              requireCode += ` exports.${exportStarName} = ${secondaryImportName};`;
            hasStarExport && (requireCode += ` ${this.helperManager.getHelperName(
              "createStarExport"
            )}(${primaryImportName});`), this.importsToReplace.set(path, requireCode);
            for (let defaultName of defaultNames)
              this.identifierReplacements.set(defaultName, `${secondaryImportName}.default`);
            for (let { importedName, localName } of namedImports)
              this.identifierReplacements.set(localName, `${primaryImportName}.${importedName}`);
          }
        }
        getFreeIdentifierForPath(path) {
          let components = path.split("/"), baseName = components[components.length - 1].replace(/\W/g, "");
          return this.nameManager.claimFreeName(`_${baseName}`);
        }
        preprocessImportAtIndex(index) {
          let defaultNames = [], wildcardNames = [], namedImports = [];
          if (index++, (this.tokens.matchesContextualAtIndex(index, ContextualKeyword._type) || this.tokens.matches1AtIndex(index, TokenType._typeof)) && !this.tokens.matches1AtIndex(index + 1, TokenType.comma) && !this.tokens.matchesContextualAtIndex(index + 1, ContextualKeyword._from) || this.tokens.matches1AtIndex(index, TokenType.parenL))
            return;
          if (this.tokens.matches1AtIndex(index, TokenType.name) && (defaultNames.push(this.tokens.identifierNameAtIndex(index)), index++, this.tokens.matches1AtIndex(index, TokenType.comma) && index++), this.tokens.matches1AtIndex(index, TokenType.star) && (index += 2, wildcardNames.push(this.tokens.identifierNameAtIndex(index)), index++), this.tokens.matches1AtIndex(index, TokenType.braceL)) {
            let result = this.getNamedImports(index + 1);
            index = result.newIndex;
            for (let namedImport of result.namedImports)
              namedImport.importedName === "default" ? defaultNames.push(namedImport.localName) : namedImports.push(namedImport);
          }
          if (this.tokens.matchesContextualAtIndex(index, ContextualKeyword._from) && index++, !this.tokens.matches1AtIndex(index, TokenType.string))
            throw new Error("Expected string token at the end of import statement.");
          let path = this.tokens.stringValueAtIndex(index), importInfo = this.getImportInfo(path);
          importInfo.defaultNames.push(...defaultNames), importInfo.wildcardNames.push(...wildcardNames), importInfo.namedImports.push(...namedImports), defaultNames.length === 0 && wildcardNames.length === 0 && namedImports.length === 0 && (importInfo.hasBareImport = !0);
        }
        preprocessExportAtIndex(index) {
          if (this.tokens.matches2AtIndex(index, TokenType._export, TokenType._var) || this.tokens.matches2AtIndex(index, TokenType._export, TokenType._let) || this.tokens.matches2AtIndex(index, TokenType._export, TokenType._const))
            this.preprocessVarExportAtIndex(index);
          else if (this.tokens.matches2AtIndex(index, TokenType._export, TokenType._function) || this.tokens.matches2AtIndex(index, TokenType._export, TokenType._class)) {
            let exportName = this.tokens.identifierNameAtIndex(index + 2);
            this.addExportBinding(exportName, exportName);
          } else if (this.tokens.matches3AtIndex(index, TokenType._export, TokenType.name, TokenType._function)) {
            let exportName = this.tokens.identifierNameAtIndex(index + 3);
            this.addExportBinding(exportName, exportName);
          } else this.tokens.matches2AtIndex(index, TokenType._export, TokenType.braceL) ? this.preprocessNamedExportAtIndex(index) : this.tokens.matches2AtIndex(index, TokenType._export, TokenType.star) && this.preprocessExportStarAtIndex(index);
        }
        preprocessVarExportAtIndex(index) {
          let depth = 0;
          for (let i = index + 2; ; i++)
            if (this.tokens.matches1AtIndex(i, TokenType.braceL) || this.tokens.matches1AtIndex(i, TokenType.dollarBraceL) || this.tokens.matches1AtIndex(i, TokenType.bracketL))
              depth++;
            else if (this.tokens.matches1AtIndex(i, TokenType.braceR) || this.tokens.matches1AtIndex(i, TokenType.bracketR))
              depth--;
            else {
              if (depth === 0 && !this.tokens.matches1AtIndex(i, TokenType.name))
                break;
              if (this.tokens.matches1AtIndex(1, TokenType.eq)) {
                let endIndex = this.tokens.currentToken().rhsEndIndex;
                if (endIndex == null)
                  throw new Error("Expected = token with an end index.");
                i = endIndex - 1;
              } else {
                let token = this.tokens.tokens[i];
                if (isDeclaration(token)) {
                  let exportName = this.tokens.identifierNameAtIndex(i);
                  this.identifierReplacements.set(exportName, `exports.${exportName}`);
                }
              }
            }
        }
        /**
         * Walk this export statement just in case it's an export...from statement.
         * If it is, combine it into the import info for that path. Otherwise, just
         * bail out; it'll be handled later.
         */
        preprocessNamedExportAtIndex(index) {
          index += 2;
          let { newIndex, namedImports } = this.getNamedImports(index);
          if (index = newIndex, this.tokens.matchesContextualAtIndex(index, ContextualKeyword._from))
            index++;
          else {
            for (let { importedName: localName, localName: exportedName } of namedImports)
              this.addExportBinding(localName, exportedName);
            return;
          }
          if (!this.tokens.matches1AtIndex(index, TokenType.string))
            throw new Error("Expected string token at the end of import statement.");
          let path = this.tokens.stringValueAtIndex(index);
          this.getImportInfo(path).namedExports.push(...namedImports);
        }
        preprocessExportStarAtIndex(index) {
          let exportedName = null;
          if (this.tokens.matches3AtIndex(index, TokenType._export, TokenType.star, TokenType._as) ? (index += 3, exportedName = this.tokens.identifierNameAtIndex(index), index += 2) : index += 3, !this.tokens.matches1AtIndex(index, TokenType.string))
            throw new Error("Expected string token at the end of star export statement.");
          let path = this.tokens.stringValueAtIndex(index), importInfo = this.getImportInfo(path);
          exportedName !== null ? importInfo.exportStarNames.push(exportedName) : importInfo.hasStarExport = !0;
        }
        getNamedImports(index) {
          let namedImports = [];
          for (; ; ) {
            if (this.tokens.matches1AtIndex(index, TokenType.braceR)) {
              index++;
              break;
            }
            let specifierInfo = getImportExportSpecifierInfo(this.tokens, index);
            if (index = specifierInfo.endIndex, specifierInfo.isType || namedImports.push({
              importedName: specifierInfo.leftName,
              localName: specifierInfo.rightName
            }), this.tokens.matches2AtIndex(index, TokenType.comma, TokenType.braceR)) {
              index += 2;
              break;
            } else if (this.tokens.matches1AtIndex(index, TokenType.braceR)) {
              index++;
              break;
            } else if (this.tokens.matches1AtIndex(index, TokenType.comma))
              index++;
            else
              throw new Error(`Unexpected token: ${JSON.stringify(this.tokens.tokens[index])}`);
          }
          return { newIndex: index, namedImports };
        }
        /**
         * Get a mutable import info object for this path, creating one if it doesn't
         * exist yet.
         */
        getImportInfo(path) {
          let existingInfo = this.importInfoByPath.get(path);
          if (existingInfo)
            return existingInfo;
          let newInfo = {
            defaultNames: [],
            wildcardNames: [],
            namedImports: [],
            namedExports: [],
            hasBareImport: !1,
            exportStarNames: [],
            hasStarExport: !1
          };
          return this.importInfoByPath.set(path, newInfo), newInfo;
        }
        addExportBinding(localName, exportedName) {
          this.exportBindingsByLocalName.has(localName) || this.exportBindingsByLocalName.set(localName, []), this.exportBindingsByLocalName.get(localName).push(exportedName);
        }
        /**
         * Return the code to use for the import for this path, or the empty string if
         * the code has already been "claimed" by a previous import.
         */
        claimImportCode(importPath) {
          let result = this.importsToReplace.get(importPath);
          return this.importsToReplace.set(importPath, ""), result || "";
        }
        getIdentifierReplacement(identifierName) {
          return this.identifierReplacements.get(identifierName) || null;
        }
        /**
         * Return a string like `exports.foo = exports.bar`.
         */
        resolveExportBinding(assignedName) {
          let exportedNames = this.exportBindingsByLocalName.get(assignedName);
          return !exportedNames || exportedNames.length === 0 ? null : exportedNames.map((exportedName) => `exports.${exportedName}`).join(" = ");
        }
        /**
         * Return all imported/exported names where we might be interested in whether usages of those
         * names are shadowed.
         */
        getGlobalNames() {
          return /* @__PURE__ */ new Set([
            ...this.identifierReplacements.keys(),
            ...this.exportBindingsByLocalName.keys()
          ]);
        }
      };
    }
  });

  // node_modules/@jridgewell/sourcemap-codec/dist/sourcemap-codec.mjs
  function encodeInteger(builder, num) {
    do {
      let clamped = num & 31;
      num >>>= 5, num > 0 && (clamped |= 32), builder.write(intToChar[clamped]);
    } while (num > 0);
  }
  function encodeSign(num) {
    return num < 0 ? -num << 1 | 1 : num << 1;
  }
  function encode(decoded) {
    let writer = new StringWriter(), sourcesIndex = 0, sourceLine = 0, sourceColumn = 0, namesIndex = 0;
    for (let i = 0; i < decoded.length; i++) {
      let line = decoded[i];
      if (i > 0 && writer.write(semicolon2), line.length === 0) continue;
      let genColumn = 0;
      for (let j = 0; j < line.length; j++) {
        let segment = line[j];
        j > 0 && writer.write(comma), encodeInteger(writer, encodeSign(segment[0] - genColumn)), genColumn = segment[0], segment.length !== 1 && (encodeInteger(writer, encodeSign(segment[1] - sourcesIndex)), encodeInteger(writer, encodeSign(segment[2] - sourceLine)), encodeInteger(writer, encodeSign(segment[3] - sourceColumn)), sourcesIndex = segment[1], sourceLine = segment[2], sourceColumn = segment[3], segment.length !== 4 && (encodeInteger(writer, encodeSign(segment[4] - namesIndex)), namesIndex = segment[4]));
      }
    }
    return writer.flush();
  }
  var comma, semicolon2, chars, intToChar, charToInt, bufLength, td, StringWriter, init_sourcemap_codec = __esm({
    "node_modules/@jridgewell/sourcemap-codec/dist/sourcemap-codec.mjs"() {
      comma = 44, semicolon2 = 59, chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", intToChar = new Uint8Array(64), charToInt = new Uint8Array(128);
      for (let i = 0; i < chars.length; i++) {
        let c = chars.charCodeAt(i);
        intToChar[i] = c, charToInt[c] = i;
      }
      bufLength = 1024 * 16, td = typeof TextDecoder < "u" ? /* @__PURE__ */ new TextDecoder() : typeof Buffer < "u" ? {
        decode(buf) {
          return Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength).toString();
        }
      } : {
        decode(buf) {
          let out = "";
          for (let i = 0; i < buf.length; i++)
            out += String.fromCharCode(buf[i]);
          return out;
        }
      }, StringWriter = class {
        constructor() {
          this.pos = 0, this.out = "", this.buffer = new Uint8Array(bufLength);
        }
        write(v) {
          let { buffer } = this;
          buffer[this.pos++] = v, this.pos === bufLength && (this.out += td.decode(buffer), this.pos = 0);
        }
        flush() {
          let { buffer, out, pos } = this;
          return pos > 0 ? out + td.decode(buffer.subarray(0, pos)) : out;
        }
      };
    }
  });

  // node_modules/@jridgewell/resolve-uri/dist/resolve-uri.mjs
  var init_resolve_uri = __esm({
    "node_modules/@jridgewell/resolve-uri/dist/resolve-uri.mjs"() {
    }
  });

  // node_modules/@jridgewell/trace-mapping/dist/trace-mapping.mjs
  var init_trace_mapping = __esm({
    "node_modules/@jridgewell/trace-mapping/dist/trace-mapping.mjs"() {
      init_sourcemap_codec();
      init_resolve_uri();
    }
  });

  // node_modules/@jridgewell/gen-mapping/dist/gen-mapping.mjs
  function get(setarr, key) {
    return setarr._indexes[key];
  }
  function put(setarr, key) {
    let index = get(setarr, key);
    if (index !== void 0) return index;
    let { array: array2, _indexes: indexes } = setarr, length = array2.push(key);
    return indexes[key] = length - 1;
  }
  function toDecodedMap(map) {
    let {
      _mappings: mappings,
      _sources: sources,
      _sourcesContent: sourcesContent,
      _names: names,
      _ignoreList: ignoreList
      // _originalScopes: originalScopes,
      // _generatedRanges: generatedRanges,
    } = map;
    return removeEmptyFinalLines(mappings), {
      version: 3,
      file: map.file || void 0,
      names: names.array,
      sourceRoot: map.sourceRoot || void 0,
      sources: sources.array,
      sourcesContent,
      mappings,
      // originalScopes,
      // generatedRanges,
      ignoreList: ignoreList.array
    };
  }
  function toEncodedMap(map) {
    let decoded = toDecodedMap(map);
    return Object.assign({}, decoded, {
      // originalScopes: decoded.originalScopes.map((os) => encodeOriginalScopes(os)),
      // generatedRanges: encodeGeneratedRanges(decoded.generatedRanges as GeneratedRange[]),
      mappings: encode(decoded.mappings)
    });
  }
  function addSegmentInternal(skipable, map, genLine, genColumn, source, sourceLine, sourceColumn, name, content) {
    let {
      _mappings: mappings,
      _sources: sources,
      _sourcesContent: sourcesContent,
      _names: names
      // _originalScopes: originalScopes,
    } = map, line = getIndex(mappings, genLine), index = getColumnIndex(line, genColumn);
    if (!source)
      return skipable && skipSourceless(line, index) ? void 0 : insert(line, index, [genColumn]);
    let sourcesIndex = put(sources, source), namesIndex = name ? put(names, name) : NO_NAME;
    if (sourcesIndex === sourcesContent.length && (sourcesContent[sourcesIndex] = content ?? null), !(skipable && skipSource(line, index, sourcesIndex, sourceLine, sourceColumn, namesIndex)))
      return insert(
        line,
        index,
        name ? [genColumn, sourcesIndex, sourceLine, sourceColumn, namesIndex] : [genColumn, sourcesIndex, sourceLine, sourceColumn]
      );
  }
  function getIndex(arr, index) {
    for (let i = arr.length; i <= index; i++)
      arr[i] = [];
    return arr[index];
  }
  function getColumnIndex(line, genColumn) {
    let index = line.length;
    for (let i = index - 1; i >= 0; index = i--) {
      let current = line[i];
      if (genColumn >= current[COLUMN]) break;
    }
    return index;
  }
  function insert(array2, index, value) {
    for (let i = array2.length; i > index; i--)
      array2[i] = array2[i - 1];
    array2[index] = value;
  }
  function removeEmptyFinalLines(mappings) {
    let { length } = mappings, len = length;
    for (let i = len - 1; i >= 0 && !(mappings[i].length > 0); len = i, i--)
      ;
    len < length && (mappings.length = len);
  }
  function skipSourceless(line, index) {
    return index === 0 ? !0 : line[index - 1].length === 1;
  }
  function skipSource(line, index, sourcesIndex, sourceLine, sourceColumn, namesIndex) {
    if (index === 0) return !1;
    let prev = line[index - 1];
    return prev.length === 1 ? !1 : sourcesIndex === prev[SOURCES_INDEX] && sourceLine === prev[SOURCE_LINE] && sourceColumn === prev[SOURCE_COLUMN] && namesIndex === (prev.length === 5 ? prev[NAMES_INDEX] : NO_NAME);
  }
  var SetArray, COLUMN, SOURCES_INDEX, SOURCE_LINE, SOURCE_COLUMN, NAMES_INDEX, NO_NAME, GenMapping, maybeAddSegment, init_gen_mapping = __esm({
    "node_modules/@jridgewell/gen-mapping/dist/gen-mapping.mjs"() {
      init_sourcemap_codec();
      init_trace_mapping();
      SetArray = class {
        constructor() {
          this._indexes = { __proto__: null }, this.array = [];
        }
      };
      COLUMN = 0, SOURCES_INDEX = 1, SOURCE_LINE = 2, SOURCE_COLUMN = 3, NAMES_INDEX = 4, NO_NAME = -1, GenMapping = class {
        constructor({ file, sourceRoot } = {}) {
          this._names = new SetArray(), this._sources = new SetArray(), this._sourcesContent = [], this._mappings = [], this.file = file, this.sourceRoot = sourceRoot, this._ignoreList = new SetArray();
        }
      }, maybeAddSegment = (map, genLine, genColumn, source, sourceLine, sourceColumn, name, content) => addSegmentInternal(
        !0,
        map,
        genLine,
        genColumn,
        source,
        sourceLine,
        sourceColumn,
        name,
        content
      );
    }
  });

  // node_modules/sucrase/dist/esm/computeSourceMap.js
  function computeSourceMap({ code: generatedCode, mappings: rawMappings }, filePath, options, source, tokens) {
    let sourceColumns = computeSourceColumns(source, tokens), map = new GenMapping({ file: options.compiledFilename }), tokenIndex = 0, currentMapping = rawMappings[0];
    for (; currentMapping === void 0 && tokenIndex < rawMappings.length - 1; )
      tokenIndex++, currentMapping = rawMappings[tokenIndex];
    let line = 0, lineStart = 0;
    currentMapping !== lineStart && maybeAddSegment(map, line, 0, filePath, line, 0);
    for (let i = 0; i < generatedCode.length; i++) {
      if (i === currentMapping) {
        let genColumn = currentMapping - lineStart, sourceColumn = sourceColumns[tokenIndex];
        for (maybeAddSegment(map, line, genColumn, filePath, line, sourceColumn); (currentMapping === i || currentMapping === void 0) && tokenIndex < rawMappings.length - 1; )
          tokenIndex++, currentMapping = rawMappings[tokenIndex];
      }
      generatedCode.charCodeAt(i) === charCodes.lineFeed && (line++, lineStart = i + 1, currentMapping !== lineStart && maybeAddSegment(map, line, 0, filePath, line, 0));
    }
    let { sourceRoot, sourcesContent, ...sourceMap } = toEncodedMap(map);
    return sourceMap;
  }
  function computeSourceColumns(code, tokens) {
    let sourceColumns = new Array(tokens.length), tokenIndex = 0, currentMapping = tokens[tokenIndex].start, lineStart = 0;
    for (let i = 0; i < code.length; i++)
      i === currentMapping && (sourceColumns[tokenIndex] = currentMapping - lineStart, tokenIndex++, currentMapping = tokens[tokenIndex].start), code.charCodeAt(i) === charCodes.lineFeed && (lineStart = i + 1);
    return sourceColumns;
  }
  var init_computeSourceMap = __esm({
    "node_modules/sucrase/dist/esm/computeSourceMap.js"() {
      init_gen_mapping();
      init_charcodes();
    }
  });

  // node_modules/sucrase/dist/esm/HelperManager.js
  var HELPERS, HelperManager, init_HelperManager = __esm({
    "node_modules/sucrase/dist/esm/HelperManager.js"() {
      HELPERS = {
        require: `
    import {createRequire as CREATE_REQUIRE_NAME} from "module";
    const require = CREATE_REQUIRE_NAME(import.meta.url);
  `,
        interopRequireWildcard: `
    function interopRequireWildcard(obj) {
      if (obj && obj.__esModule) {
        return obj;
      } else {
        var newObj = {};
        if (obj != null) {
          for (var key in obj) {
            if (Object.prototype.hasOwnProperty.call(obj, key)) {
              newObj[key] = obj[key];
            }
          }
        }
        newObj.default = obj;
        return newObj;
      }
    }
  `,
        interopRequireDefault: `
    function interopRequireDefault(obj) {
      return obj && obj.__esModule ? obj : { default: obj };
    }
  `,
        createNamedExportFrom: `
    function createNamedExportFrom(obj, localName, importedName) {
      Object.defineProperty(exports, localName, {enumerable: true, configurable: true, get: () => obj[importedName]});
    }
  `,
        // Note that TypeScript and Babel do this differently; TypeScript does a simple existence
        // check in the exports object and does a plain assignment, whereas Babel uses
        // defineProperty and builds an object of explicitly-exported names so that star exports can
        // always take lower precedence. For now, we do the easier TypeScript thing.
        createStarExport: `
    function createStarExport(obj) {
      Object.keys(obj)
        .filter((key) => key !== "default" && key !== "__esModule")
        .forEach((key) => {
          if (exports.hasOwnProperty(key)) {
            return;
          }
          Object.defineProperty(exports, key, {enumerable: true, configurable: true, get: () => obj[key]});
        });
    }
  `,
        nullishCoalesce: `
    function nullishCoalesce(lhs, rhsFn) {
      if (lhs != null) {
        return lhs;
      } else {
        return rhsFn();
      }
    }
  `,
        asyncNullishCoalesce: `
    async function asyncNullishCoalesce(lhs, rhsFn) {
      if (lhs != null) {
        return lhs;
      } else {
        return await rhsFn();
      }
    }
  `,
        optionalChain: `
    function optionalChain(ops) {
      let lastAccessLHS = undefined;
      let value = ops[0];
      let i = 1;
      while (i < ops.length) {
        const op = ops[i];
        const fn = ops[i + 1];
        i += 2;
        if ((op === 'optionalAccess' || op === 'optionalCall') && value == null) {
          return undefined;
        }
        if (op === 'access' || op === 'optionalAccess') {
          lastAccessLHS = value;
          value = fn(value);
        } else if (op === 'call' || op === 'optionalCall') {
          value = fn((...args) => value.call(lastAccessLHS, ...args));
          lastAccessLHS = undefined;
        }
      }
      return value;
    }
  `,
        asyncOptionalChain: `
    async function asyncOptionalChain(ops) {
      let lastAccessLHS = undefined;
      let value = ops[0];
      let i = 1;
      while (i < ops.length) {
        const op = ops[i];
        const fn = ops[i + 1];
        i += 2;
        if ((op === 'optionalAccess' || op === 'optionalCall') && value == null) {
          return undefined;
        }
        if (op === 'access' || op === 'optionalAccess') {
          lastAccessLHS = value;
          value = await fn(value);
        } else if (op === 'call' || op === 'optionalCall') {
          value = await fn((...args) => value.call(lastAccessLHS, ...args));
          lastAccessLHS = undefined;
        }
      }
      return value;
    }
  `,
        optionalChainDelete: `
    function optionalChainDelete(ops) {
      const result = OPTIONAL_CHAIN_NAME(ops);
      return result == null ? true : result;
    }
  `,
        asyncOptionalChainDelete: `
    async function asyncOptionalChainDelete(ops) {
      const result = await ASYNC_OPTIONAL_CHAIN_NAME(ops);
      return result == null ? true : result;
    }
  `
      }, HelperManager = class _HelperManager {
        __init() {
          this.helperNames = {};
        }
        __init2() {
          this.createRequireName = null;
        }
        constructor(nameManager) {
          this.nameManager = nameManager, _HelperManager.prototype.__init.call(this), _HelperManager.prototype.__init2.call(this);
        }
        getHelperName(baseName) {
          let helperName = this.helperNames[baseName];
          return helperName || (helperName = this.nameManager.claimFreeName(`_${baseName}`), this.helperNames[baseName] = helperName, helperName);
        }
        emitHelpers() {
          let resultCode = "";
          this.helperNames.optionalChainDelete && this.getHelperName("optionalChain"), this.helperNames.asyncOptionalChainDelete && this.getHelperName("asyncOptionalChain");
          for (let [baseName, helperCodeTemplate] of Object.entries(HELPERS)) {
            let helperName = this.helperNames[baseName], helperCode = helperCodeTemplate;
            baseName === "optionalChainDelete" ? helperCode = helperCode.replace("OPTIONAL_CHAIN_NAME", this.helperNames.optionalChain) : baseName === "asyncOptionalChainDelete" ? helperCode = helperCode.replace(
              "ASYNC_OPTIONAL_CHAIN_NAME",
              this.helperNames.asyncOptionalChain
            ) : baseName === "require" && (this.createRequireName === null && (this.createRequireName = this.nameManager.claimFreeName("_createRequire")), helperCode = helperCode.replace(/CREATE_REQUIRE_NAME/g, this.createRequireName)), helperName && (resultCode += " ", resultCode += helperCode.replace(baseName, helperName).replace(/\s+/g, " ").trim());
          }
          return resultCode;
        }
      };
    }
  });

  // node_modules/sucrase/dist/esm/identifyShadowedGlobals.js
  function identifyShadowedGlobals(tokens, scopes, globalNames) {
    hasShadowedGlobals(tokens, globalNames) && markShadowedGlobals(tokens, scopes, globalNames);
  }
  function hasShadowedGlobals(tokens, globalNames) {
    for (let token of tokens.tokens)
      if (token.type === TokenType.name && !token.isType && isNonTopLevelDeclaration(token) && globalNames.has(tokens.identifierNameForToken(token)))
        return !0;
    return !1;
  }
  function markShadowedGlobals(tokens, scopes, globalNames) {
    let scopeStack = [], scopeIndex = scopes.length - 1;
    for (let i = tokens.tokens.length - 1; ; i--) {
      for (; scopeStack.length > 0 && scopeStack[scopeStack.length - 1].startTokenIndex === i + 1; )
        scopeStack.pop();
      for (; scopeIndex >= 0 && scopes[scopeIndex].endTokenIndex === i + 1; )
        scopeStack.push(scopes[scopeIndex]), scopeIndex--;
      if (i < 0)
        break;
      let token = tokens.tokens[i], name = tokens.identifierNameForToken(token);
      if (scopeStack.length > 1 && !token.isType && token.type === TokenType.name && globalNames.has(name)) {
        if (isBlockScopedDeclaration(token))
          markShadowedForScope(scopeStack[scopeStack.length - 1], tokens, name);
        else if (isFunctionScopedDeclaration(token)) {
          let stackIndex = scopeStack.length - 1;
          for (; stackIndex > 0 && !scopeStack[stackIndex].isFunctionScope; )
            stackIndex--;
          if (stackIndex < 0)
            throw new Error("Did not find parent function scope.");
          markShadowedForScope(scopeStack[stackIndex], tokens, name);
        }
      }
    }
    if (scopeStack.length > 0)
      throw new Error("Expected empty scope stack after processing file.");
  }
  function markShadowedForScope(scope, tokens, name) {
    for (let i = scope.startTokenIndex; i < scope.endTokenIndex; i++) {
      let token = tokens.tokens[i];
      (token.type === TokenType.name || token.type === TokenType.jsxName) && tokens.identifierNameForToken(token) === name && (token.shadowsGlobal = !0);
    }
  }
  var init_identifyShadowedGlobals = __esm({
    "node_modules/sucrase/dist/esm/identifyShadowedGlobals.js"() {
      init_tokenizer();
      init_types();
    }
  });

  // node_modules/sucrase/dist/esm/util/getIdentifierNames.js
  function getIdentifierNames(code, tokens) {
    let names = [];
    for (let token of tokens)
      token.type === TokenType.name && names.push(code.slice(token.start, token.end));
    return names;
  }
  var init_getIdentifierNames = __esm({
    "node_modules/sucrase/dist/esm/util/getIdentifierNames.js"() {
      init_types();
    }
  });

  // node_modules/sucrase/dist/esm/NameManager.js
  var NameManager, init_NameManager = __esm({
    "node_modules/sucrase/dist/esm/NameManager.js"() {
      init_getIdentifierNames();
      NameManager = class _NameManager {
        __init() {
          this.usedNames = /* @__PURE__ */ new Set();
        }
        constructor(code, tokens) {
          _NameManager.prototype.__init.call(this), this.usedNames = new Set(getIdentifierNames(code, tokens));
        }
        claimFreeName(name) {
          let newName = this.findFreeName(name);
          return this.usedNames.add(newName), newName;
        }
        findFreeName(name) {
          if (!this.usedNames.has(name))
            return name;
          let suffixNum = 2;
          for (; this.usedNames.has(name + String(suffixNum)); )
            suffixNum++;
          return name + String(suffixNum);
        }
      };
    }
  });

  // node_modules/ts-interface-checker/dist/util.js
  var require_util = __commonJS({
    "node_modules/ts-interface-checker/dist/util.js"(exports) {
      "use strict";
      var __extends = exports && exports.__extends || /* @__PURE__ */ (function() {
        var extendStatics = function(d, b) {
          return extendStatics = Object.setPrototypeOf || { __proto__: [] } instanceof Array && function(d2, b2) {
            d2.__proto__ = b2;
          } || function(d2, b2) {
            for (var p in b2) b2.hasOwnProperty(p) && (d2[p] = b2[p]);
          }, extendStatics(d, b);
        };
        return function(d, b) {
          extendStatics(d, b);
          function __() {
            this.constructor = d;
          }
          d.prototype = b === null ? Object.create(b) : (__.prototype = b.prototype, new __());
        };
      })();
      Object.defineProperty(exports, "__esModule", { value: !0 });
      exports.DetailContext = exports.NoopContext = exports.VError = void 0;
      var VError = (
        /** @class */
        (function(_super) {
          __extends(VError2, _super);
          function VError2(path, message) {
            var _this = _super.call(this, message) || this;
            return _this.path = path, Object.setPrototypeOf(_this, VError2.prototype), _this;
          }
          return VError2;
        })(Error)
      );
      exports.VError = VError;
      var NoopContext = (
        /** @class */
        (function() {
          function NoopContext2() {
          }
          return NoopContext2.prototype.fail = function(relPath, message, score) {
            return !1;
          }, NoopContext2.prototype.unionResolver = function() {
            return this;
          }, NoopContext2.prototype.createContext = function() {
            return this;
          }, NoopContext2.prototype.resolveUnion = function(ur) {
          }, NoopContext2;
        })()
      );
      exports.NoopContext = NoopContext;
      var DetailContext = (
        /** @class */
        (function() {
          function DetailContext2() {
            this._propNames = [""], this._messages = [null], this._score = 0;
          }
          return DetailContext2.prototype.fail = function(relPath, message, score) {
            return this._propNames.push(relPath), this._messages.push(message), this._score += score, !1;
          }, DetailContext2.prototype.unionResolver = function() {
            return new DetailUnionResolver();
          }, DetailContext2.prototype.resolveUnion = function(unionResolver) {
            for (var _a, _b, u = unionResolver, best = null, _i = 0, _c = u.contexts; _i < _c.length; _i++) {
              var ctx = _c[_i];
              (!best || ctx._score >= best._score) && (best = ctx);
            }
            best && best._score > 0 && ((_a = this._propNames).push.apply(_a, best._propNames), (_b = this._messages).push.apply(_b, best._messages));
          }, DetailContext2.prototype.getError = function(path) {
            for (var msgParts = [], i = this._propNames.length - 1; i >= 0; i--) {
              var p = this._propNames[i];
              path += typeof p == "number" ? "[" + p + "]" : p ? "." + p : "";
              var m = this._messages[i];
              m && msgParts.push(path + " " + m);
            }
            return new VError(path, msgParts.join("; "));
          }, DetailContext2.prototype.getErrorDetail = function(path) {
            for (var details = [], i = this._propNames.length - 1; i >= 0; i--) {
              var p = this._propNames[i];
              path += typeof p == "number" ? "[" + p + "]" : p ? "." + p : "";
              var message = this._messages[i];
              message && details.push({ path, message });
            }
            for (var detail = null, i = details.length - 1; i >= 0; i--)
              detail && (details[i].nested = [detail]), detail = details[i];
            return detail;
          }, DetailContext2;
        })()
      );
      exports.DetailContext = DetailContext;
      var DetailUnionResolver = (
        /** @class */
        (function() {
          function DetailUnionResolver2() {
            this.contexts = [];
          }
          return DetailUnionResolver2.prototype.createContext = function() {
            var ctx = new DetailContext();
            return this.contexts.push(ctx), ctx;
          }, DetailUnionResolver2;
        })()
      );
    }
  });

  // node_modules/ts-interface-checker/dist/types.js
  var require_types = __commonJS({
    "node_modules/ts-interface-checker/dist/types.js"(exports) {
      "use strict";
      var __extends = exports && exports.__extends || /* @__PURE__ */ (function() {
        var extendStatics = function(d, b) {
          return extendStatics = Object.setPrototypeOf || { __proto__: [] } instanceof Array && function(d2, b2) {
            d2.__proto__ = b2;
          } || function(d2, b2) {
            for (var p in b2) b2.hasOwnProperty(p) && (d2[p] = b2[p]);
          }, extendStatics(d, b);
        };
        return function(d, b) {
          extendStatics(d, b);
          function __() {
            this.constructor = d;
          }
          d.prototype = b === null ? Object.create(b) : (__.prototype = b.prototype, new __());
        };
      })();
      Object.defineProperty(exports, "__esModule", { value: !0 });
      exports.basicTypes = exports.BasicType = exports.TParamList = exports.TParam = exports.param = exports.TFunc = exports.func = exports.TProp = exports.TOptional = exports.opt = exports.TIface = exports.iface = exports.TEnumLiteral = exports.enumlit = exports.TEnumType = exports.enumtype = exports.TIntersection = exports.intersection = exports.TUnion = exports.union = exports.TTuple = exports.tuple = exports.TArray = exports.array = exports.TLiteral = exports.lit = exports.TName = exports.name = exports.TType = void 0;
      var util_1 = require_util(), TType = (
        /** @class */
        /* @__PURE__ */ (function() {
          function TType2() {
          }
          return TType2;
        })()
      );
      exports.TType = TType;
      function parseSpec(typeSpec) {
        return typeof typeSpec == "string" ? name(typeSpec) : typeSpec;
      }
      function getNamedType(suite, name2) {
        var ttype = suite[name2];
        if (!ttype)
          throw new Error("Unknown type " + name2);
        return ttype;
      }
      function name(value) {
        return new TName(value);
      }
      exports.name = name;
      var TName = (
        /** @class */
        (function(_super) {
          __extends(TName2, _super);
          function TName2(name2) {
            var _this = _super.call(this) || this;
            return _this.name = name2, _this._failMsg = "is not a " + name2, _this;
          }
          return TName2.prototype.getChecker = function(suite, strict, allowedProps) {
            var _this = this, ttype = getNamedType(suite, this.name), checker = ttype.getChecker(suite, strict, allowedProps);
            return ttype instanceof BasicType || ttype instanceof TName2 ? checker : function(value, ctx) {
              return checker(value, ctx) ? !0 : ctx.fail(null, _this._failMsg, 0);
            };
          }, TName2;
        })(TType)
      );
      exports.TName = TName;
      function lit2(value) {
        return new TLiteral(value);
      }
      exports.lit = lit2;
      var TLiteral = (
        /** @class */
        (function(_super) {
          __extends(TLiteral2, _super);
          function TLiteral2(value) {
            var _this = _super.call(this) || this;
            return _this.value = value, _this.name = JSON.stringify(value), _this._failMsg = "is not " + _this.name, _this;
          }
          return TLiteral2.prototype.getChecker = function(suite, strict) {
            var _this = this;
            return function(value, ctx) {
              return value === _this.value ? !0 : ctx.fail(null, _this._failMsg, -1);
            };
          }, TLiteral2;
        })(TType)
      );
      exports.TLiteral = TLiteral;
      function array2(typeSpec) {
        return new TArray(parseSpec(typeSpec));
      }
      exports.array = array2;
      var TArray = (
        /** @class */
        (function(_super) {
          __extends(TArray2, _super);
          function TArray2(ttype) {
            var _this = _super.call(this) || this;
            return _this.ttype = ttype, _this;
          }
          return TArray2.prototype.getChecker = function(suite, strict) {
            var itemChecker = this.ttype.getChecker(suite, strict);
            return function(value, ctx) {
              if (!Array.isArray(value))
                return ctx.fail(null, "is not an array", 0);
              for (var i = 0; i < value.length; i++) {
                var ok = itemChecker(value[i], ctx);
                if (!ok)
                  return ctx.fail(i, null, 1);
              }
              return !0;
            };
          }, TArray2;
        })(TType)
      );
      exports.TArray = TArray;
      function tuple() {
        for (var typeSpec = [], _i2 = 0; _i2 < arguments.length; _i2++)
          typeSpec[_i2] = arguments[_i2];
        return new TTuple(typeSpec.map(function(t2) {
          return parseSpec(t2);
        }));
      }
      exports.tuple = tuple;
      var TTuple = (
        /** @class */
        (function(_super) {
          __extends(TTuple2, _super);
          function TTuple2(ttypes) {
            var _this = _super.call(this) || this;
            return _this.ttypes = ttypes, _this;
          }
          return TTuple2.prototype.getChecker = function(suite, strict) {
            var itemCheckers = this.ttypes.map(function(t2) {
              return t2.getChecker(suite, strict);
            }), checker = function(value, ctx) {
              if (!Array.isArray(value))
                return ctx.fail(null, "is not an array", 0);
              for (var i = 0; i < itemCheckers.length; i++) {
                var ok = itemCheckers[i](value[i], ctx);
                if (!ok)
                  return ctx.fail(i, null, 1);
              }
              return !0;
            };
            return strict ? function(value, ctx) {
              return checker(value, ctx) ? value.length <= itemCheckers.length ? !0 : ctx.fail(itemCheckers.length, "is extraneous", 2) : !1;
            } : checker;
          }, TTuple2;
        })(TType)
      );
      exports.TTuple = TTuple;
      function union2() {
        for (var typeSpec = [], _i2 = 0; _i2 < arguments.length; _i2++)
          typeSpec[_i2] = arguments[_i2];
        return new TUnion(typeSpec.map(function(t2) {
          return parseSpec(t2);
        }));
      }
      exports.union = union2;
      var TUnion = (
        /** @class */
        (function(_super) {
          __extends(TUnion2, _super);
          function TUnion2(ttypes) {
            var _this = _super.call(this) || this;
            _this.ttypes = ttypes;
            var names = ttypes.map(function(t2) {
              return t2 instanceof TName || t2 instanceof TLiteral ? t2.name : null;
            }).filter(function(n) {
              return n;
            }), otherTypes = ttypes.length - names.length;
            return names.length ? (otherTypes > 0 && names.push(otherTypes + " more"), _this._failMsg = "is none of " + names.join(", ")) : _this._failMsg = "is none of " + otherTypes + " types", _this;
          }
          return TUnion2.prototype.getChecker = function(suite, strict) {
            var _this = this, itemCheckers = this.ttypes.map(function(t2) {
              return t2.getChecker(suite, strict);
            });
            return function(value, ctx) {
              for (var ur = ctx.unionResolver(), i = 0; i < itemCheckers.length; i++) {
                var ok = itemCheckers[i](value, ur.createContext());
                if (ok)
                  return !0;
              }
              return ctx.resolveUnion(ur), ctx.fail(null, _this._failMsg, 0);
            };
          }, TUnion2;
        })(TType)
      );
      exports.TUnion = TUnion;
      function intersection() {
        for (var typeSpec = [], _i2 = 0; _i2 < arguments.length; _i2++)
          typeSpec[_i2] = arguments[_i2];
        return new TIntersection(typeSpec.map(function(t2) {
          return parseSpec(t2);
        }));
      }
      exports.intersection = intersection;
      var TIntersection = (
        /** @class */
        (function(_super) {
          __extends(TIntersection2, _super);
          function TIntersection2(ttypes) {
            var _this = _super.call(this) || this;
            return _this.ttypes = ttypes, _this;
          }
          return TIntersection2.prototype.getChecker = function(suite, strict) {
            var allowedProps = /* @__PURE__ */ new Set(), itemCheckers = this.ttypes.map(function(t2) {
              return t2.getChecker(suite, strict, allowedProps);
            });
            return function(value, ctx) {
              var ok = itemCheckers.every(function(checker) {
                return checker(value, ctx);
              });
              return ok ? !0 : ctx.fail(null, null, 0);
            };
          }, TIntersection2;
        })(TType)
      );
      exports.TIntersection = TIntersection;
      function enumtype(values) {
        return new TEnumType(values);
      }
      exports.enumtype = enumtype;
      var TEnumType = (
        /** @class */
        (function(_super) {
          __extends(TEnumType2, _super);
          function TEnumType2(members) {
            var _this = _super.call(this) || this;
            return _this.members = members, _this.validValues = /* @__PURE__ */ new Set(), _this._failMsg = "is not a valid enum value", _this.validValues = new Set(Object.keys(members).map(function(name2) {
              return members[name2];
            })), _this;
          }
          return TEnumType2.prototype.getChecker = function(suite, strict) {
            var _this = this;
            return function(value, ctx) {
              return _this.validValues.has(value) ? !0 : ctx.fail(null, _this._failMsg, 0);
            };
          }, TEnumType2;
        })(TType)
      );
      exports.TEnumType = TEnumType;
      function enumlit(name2, prop) {
        return new TEnumLiteral(name2, prop);
      }
      exports.enumlit = enumlit;
      var TEnumLiteral = (
        /** @class */
        (function(_super) {
          __extends(TEnumLiteral2, _super);
          function TEnumLiteral2(enumName, prop) {
            var _this = _super.call(this) || this;
            return _this.enumName = enumName, _this.prop = prop, _this._failMsg = "is not " + enumName + "." + prop, _this;
          }
          return TEnumLiteral2.prototype.getChecker = function(suite, strict) {
            var _this = this, ttype = getNamedType(suite, this.enumName);
            if (!(ttype instanceof TEnumType))
              throw new Error("Type " + this.enumName + " used in enumlit is not an enum type");
            var val = ttype.members[this.prop];
            if (!ttype.members.hasOwnProperty(this.prop))
              throw new Error("Unknown value " + this.enumName + "." + this.prop + " used in enumlit");
            return function(value, ctx) {
              return value === val ? !0 : ctx.fail(null, _this._failMsg, -1);
            };
          }, TEnumLiteral2;
        })(TType)
      );
      exports.TEnumLiteral = TEnumLiteral;
      function makeIfaceProps(props) {
        return Object.keys(props).map(function(name2) {
          return makeIfaceProp(name2, props[name2]);
        });
      }
      function makeIfaceProp(name2, prop) {
        return prop instanceof TOptional ? new TProp(name2, prop.ttype, !0) : new TProp(name2, parseSpec(prop), !1);
      }
      function iface2(bases, props) {
        return new TIface(bases, makeIfaceProps(props));
      }
      exports.iface = iface2;
      var TIface = (
        /** @class */
        (function(_super) {
          __extends(TIface2, _super);
          function TIface2(bases, props) {
            var _this = _super.call(this) || this;
            return _this.bases = bases, _this.props = props, _this.propSet = new Set(props.map(function(p) {
              return p.name;
            })), _this;
          }
          return TIface2.prototype.getChecker = function(suite, strict, allowedProps) {
            var _this = this, baseCheckers = this.bases.map(function(b) {
              return getNamedType(suite, b).getChecker(suite, strict);
            }), propCheckers = this.props.map(function(prop) {
              return prop.ttype.getChecker(suite, strict);
            }), testCtx = new util_1.NoopContext(), isPropRequired = this.props.map(function(prop, i) {
              return !prop.isOpt && !propCheckers[i](void 0, testCtx);
            }), checker = function(value, ctx) {
              if (typeof value != "object" || value === null)
                return ctx.fail(null, "is not an object", 0);
              for (var i = 0; i < baseCheckers.length; i++)
                if (!baseCheckers[i](value, ctx))
                  return !1;
              for (var i = 0; i < propCheckers.length; i++) {
                var name_1 = _this.props[i].name, v = value[name_1];
                if (v === void 0) {
                  if (isPropRequired[i])
                    return ctx.fail(name_1, "is missing", 1);
                } else {
                  var ok = propCheckers[i](v, ctx);
                  if (!ok)
                    return ctx.fail(name_1, null, 1);
                }
              }
              return !0;
            };
            if (!strict)
              return checker;
            var propSet = this.propSet;
            return allowedProps && (this.propSet.forEach(function(prop) {
              return allowedProps.add(prop);
            }), propSet = allowedProps), function(value, ctx) {
              if (!checker(value, ctx))
                return !1;
              for (var prop in value)
                if (!propSet.has(prop))
                  return ctx.fail(prop, "is extraneous", 2);
              return !0;
            };
          }, TIface2;
        })(TType)
      );
      exports.TIface = TIface;
      function opt2(typeSpec) {
        return new TOptional(parseSpec(typeSpec));
      }
      exports.opt = opt2;
      var TOptional = (
        /** @class */
        (function(_super) {
          __extends(TOptional2, _super);
          function TOptional2(ttype) {
            var _this = _super.call(this) || this;
            return _this.ttype = ttype, _this;
          }
          return TOptional2.prototype.getChecker = function(suite, strict) {
            var itemChecker = this.ttype.getChecker(suite, strict);
            return function(value, ctx) {
              return value === void 0 || itemChecker(value, ctx);
            };
          }, TOptional2;
        })(TType)
      );
      exports.TOptional = TOptional;
      var TProp = (
        /** @class */
        /* @__PURE__ */ (function() {
          function TProp2(name2, ttype, isOpt) {
            this.name = name2, this.ttype = ttype, this.isOpt = isOpt;
          }
          return TProp2;
        })()
      );
      exports.TProp = TProp;
      function func(resultSpec) {
        for (var params = [], _i2 = 1; _i2 < arguments.length; _i2++)
          params[_i2 - 1] = arguments[_i2];
        return new TFunc(new TParamList(params), parseSpec(resultSpec));
      }
      exports.func = func;
      var TFunc = (
        /** @class */
        (function(_super) {
          __extends(TFunc2, _super);
          function TFunc2(paramList, result) {
            var _this = _super.call(this) || this;
            return _this.paramList = paramList, _this.result = result, _this;
          }
          return TFunc2.prototype.getChecker = function(suite, strict) {
            return function(value, ctx) {
              return typeof value == "function" ? !0 : ctx.fail(null, "is not a function", 0);
            };
          }, TFunc2;
        })(TType)
      );
      exports.TFunc = TFunc;
      function param(name2, typeSpec, isOpt) {
        return new TParam(name2, parseSpec(typeSpec), !!isOpt);
      }
      exports.param = param;
      var TParam = (
        /** @class */
        /* @__PURE__ */ (function() {
          function TParam2(name2, ttype, isOpt) {
            this.name = name2, this.ttype = ttype, this.isOpt = isOpt;
          }
          return TParam2;
        })()
      );
      exports.TParam = TParam;
      var TParamList = (
        /** @class */
        (function(_super) {
          __extends(TParamList2, _super);
          function TParamList2(params) {
            var _this = _super.call(this) || this;
            return _this.params = params, _this;
          }
          return TParamList2.prototype.getChecker = function(suite, strict) {
            var _this = this, itemCheckers = this.params.map(function(t2) {
              return t2.ttype.getChecker(suite, strict);
            }), testCtx = new util_1.NoopContext(), isParamRequired = this.params.map(function(param2, i) {
              return !param2.isOpt && !itemCheckers[i](void 0, testCtx);
            }), checker = function(value, ctx) {
              if (!Array.isArray(value))
                return ctx.fail(null, "is not an array", 0);
              for (var i = 0; i < itemCheckers.length; i++) {
                var p = _this.params[i];
                if (value[i] === void 0) {
                  if (isParamRequired[i])
                    return ctx.fail(p.name, "is missing", 1);
                } else {
                  var ok = itemCheckers[i](value[i], ctx);
                  if (!ok)
                    return ctx.fail(p.name, null, 1);
                }
              }
              return !0;
            };
            return strict ? function(value, ctx) {
              return checker(value, ctx) ? value.length <= itemCheckers.length ? !0 : ctx.fail(itemCheckers.length, "is extraneous", 2) : !1;
            } : checker;
          }, TParamList2;
        })(TType)
      );
      exports.TParamList = TParamList;
      var BasicType = (
        /** @class */
        (function(_super) {
          __extends(BasicType2, _super);
          function BasicType2(validator, message) {
            var _this = _super.call(this) || this;
            return _this.validator = validator, _this.message = message, _this;
          }
          return BasicType2.prototype.getChecker = function(suite, strict) {
            var _this = this;
            return function(value, ctx) {
              return _this.validator(value) ? !0 : ctx.fail(null, _this.message, 0);
            };
          }, BasicType2;
        })(TType)
      );
      exports.BasicType = BasicType;
      exports.basicTypes = {
        any: new BasicType(function(v) {
          return !0;
        }, "is invalid"),
        number: new BasicType(function(v) {
          return typeof v == "number";
        }, "is not a number"),
        object: new BasicType(function(v) {
          return typeof v == "object" && v;
        }, "is not an object"),
        boolean: new BasicType(function(v) {
          return typeof v == "boolean";
        }, "is not a boolean"),
        string: new BasicType(function(v) {
          return typeof v == "string";
        }, "is not a string"),
        symbol: new BasicType(function(v) {
          return typeof v == "symbol";
        }, "is not a symbol"),
        void: new BasicType(function(v) {
          return v == null;
        }, "is not void"),
        undefined: new BasicType(function(v) {
          return v === void 0;
        }, "is not undefined"),
        null: new BasicType(function(v) {
          return v === null;
        }, "is not null"),
        never: new BasicType(function(v) {
          return !1;
        }, "is unexpected"),
        Date: new BasicType(getIsNativeChecker("[object Date]"), "is not a Date"),
        RegExp: new BasicType(getIsNativeChecker("[object RegExp]"), "is not a RegExp")
      };
      var nativeToString = Object.prototype.toString;
      function getIsNativeChecker(tag) {
        return function(v) {
          return typeof v == "object" && v && nativeToString.call(v) === tag;
        };
      }
      typeof Buffer < "u" && (exports.basicTypes.Buffer = new BasicType(function(v) {
        return Buffer.isBuffer(v);
      }, "is not a Buffer"));
      var _loop_1 = function(array_12) {
        exports.basicTypes[array_12.name] = new BasicType(function(v) {
          return v instanceof array_12;
        }, "is not a " + array_12.name);
      };
      for (_i = 0, _a = [
        Int8Array,
        Uint8Array,
        Uint8ClampedArray,
        Int16Array,
        Uint16Array,
        Int32Array,
        Uint32Array,
        Float32Array,
        Float64Array,
        ArrayBuffer
      ]; _i < _a.length; _i++)
        array_1 = _a[_i], _loop_1(array_1);
      var array_1, _i, _a;
    }
  });

  // node_modules/ts-interface-checker/dist/index.js
  var require_dist = __commonJS({
    "node_modules/ts-interface-checker/dist/index.js"(exports) {
      "use strict";
      var __spreadArrays = exports && exports.__spreadArrays || function() {
        for (var s = 0, i = 0, il = arguments.length; i < il; i++) s += arguments[i].length;
        for (var r = Array(s), k = 0, i = 0; i < il; i++)
          for (var a = arguments[i], j = 0, jl = a.length; j < jl; j++, k++)
            r[k] = a[j];
        return r;
      };
      Object.defineProperty(exports, "__esModule", { value: !0 });
      exports.Checker = exports.createCheckers = void 0;
      var types_1 = require_types(), util_1 = require_util(), types_2 = require_types();
      Object.defineProperty(exports, "TArray", { enumerable: !0, get: function() {
        return types_2.TArray;
      } });
      Object.defineProperty(exports, "TEnumType", { enumerable: !0, get: function() {
        return types_2.TEnumType;
      } });
      Object.defineProperty(exports, "TEnumLiteral", { enumerable: !0, get: function() {
        return types_2.TEnumLiteral;
      } });
      Object.defineProperty(exports, "TFunc", { enumerable: !0, get: function() {
        return types_2.TFunc;
      } });
      Object.defineProperty(exports, "TIface", { enumerable: !0, get: function() {
        return types_2.TIface;
      } });
      Object.defineProperty(exports, "TLiteral", { enumerable: !0, get: function() {
        return types_2.TLiteral;
      } });
      Object.defineProperty(exports, "TName", { enumerable: !0, get: function() {
        return types_2.TName;
      } });
      Object.defineProperty(exports, "TOptional", { enumerable: !0, get: function() {
        return types_2.TOptional;
      } });
      Object.defineProperty(exports, "TParam", { enumerable: !0, get: function() {
        return types_2.TParam;
      } });
      Object.defineProperty(exports, "TParamList", { enumerable: !0, get: function() {
        return types_2.TParamList;
      } });
      Object.defineProperty(exports, "TProp", { enumerable: !0, get: function() {
        return types_2.TProp;
      } });
      Object.defineProperty(exports, "TTuple", { enumerable: !0, get: function() {
        return types_2.TTuple;
      } });
      Object.defineProperty(exports, "TType", { enumerable: !0, get: function() {
        return types_2.TType;
      } });
      Object.defineProperty(exports, "TUnion", { enumerable: !0, get: function() {
        return types_2.TUnion;
      } });
      Object.defineProperty(exports, "TIntersection", { enumerable: !0, get: function() {
        return types_2.TIntersection;
      } });
      Object.defineProperty(exports, "array", { enumerable: !0, get: function() {
        return types_2.array;
      } });
      Object.defineProperty(exports, "enumlit", { enumerable: !0, get: function() {
        return types_2.enumlit;
      } });
      Object.defineProperty(exports, "enumtype", { enumerable: !0, get: function() {
        return types_2.enumtype;
      } });
      Object.defineProperty(exports, "func", { enumerable: !0, get: function() {
        return types_2.func;
      } });
      Object.defineProperty(exports, "iface", { enumerable: !0, get: function() {
        return types_2.iface;
      } });
      Object.defineProperty(exports, "lit", { enumerable: !0, get: function() {
        return types_2.lit;
      } });
      Object.defineProperty(exports, "name", { enumerable: !0, get: function() {
        return types_2.name;
      } });
      Object.defineProperty(exports, "opt", { enumerable: !0, get: function() {
        return types_2.opt;
      } });
      Object.defineProperty(exports, "param", { enumerable: !0, get: function() {
        return types_2.param;
      } });
      Object.defineProperty(exports, "tuple", { enumerable: !0, get: function() {
        return types_2.tuple;
      } });
      Object.defineProperty(exports, "union", { enumerable: !0, get: function() {
        return types_2.union;
      } });
      Object.defineProperty(exports, "intersection", { enumerable: !0, get: function() {
        return types_2.intersection;
      } });
      Object.defineProperty(exports, "BasicType", { enumerable: !0, get: function() {
        return types_2.BasicType;
      } });
      var util_2 = require_util();
      Object.defineProperty(exports, "VError", { enumerable: !0, get: function() {
        return util_2.VError;
      } });
      function createCheckers2() {
        for (var typeSuite = [], _i = 0; _i < arguments.length; _i++)
          typeSuite[_i] = arguments[_i];
        for (var fullSuite = Object.assign.apply(Object, __spreadArrays([{}, types_1.basicTypes], typeSuite)), checkers = {}, _a = 0, typeSuite_1 = typeSuite; _a < typeSuite_1.length; _a++)
          for (var suite_1 = typeSuite_1[_a], _b = 0, _c = Object.keys(suite_1); _b < _c.length; _b++) {
            var name = _c[_b];
            checkers[name] = new Checker(fullSuite, suite_1[name]);
          }
        return checkers;
      }
      exports.createCheckers = createCheckers2;
      var Checker = (
        /** @class */
        (function() {
          function Checker2(suite, ttype, _path) {
            if (_path === void 0 && (_path = "value"), this.suite = suite, this.ttype = ttype, this._path = _path, this.props = /* @__PURE__ */ new Map(), ttype instanceof types_1.TIface)
              for (var _i = 0, _a = ttype.props; _i < _a.length; _i++) {
                var p = _a[_i];
                this.props.set(p.name, p.ttype);
              }
            this.checkerPlain = this.ttype.getChecker(suite, !1), this.checkerStrict = this.ttype.getChecker(suite, !0);
          }
          return Checker2.prototype.setReportedPath = function(path) {
            this._path = path;
          }, Checker2.prototype.check = function(value) {
            return this._doCheck(this.checkerPlain, value);
          }, Checker2.prototype.test = function(value) {
            return this.checkerPlain(value, new util_1.NoopContext());
          }, Checker2.prototype.validate = function(value) {
            return this._doValidate(this.checkerPlain, value);
          }, Checker2.prototype.strictCheck = function(value) {
            return this._doCheck(this.checkerStrict, value);
          }, Checker2.prototype.strictTest = function(value) {
            return this.checkerStrict(value, new util_1.NoopContext());
          }, Checker2.prototype.strictValidate = function(value) {
            return this._doValidate(this.checkerStrict, value);
          }, Checker2.prototype.getProp = function(prop) {
            var ttype = this.props.get(prop);
            if (!ttype)
              throw new Error("Type has no property " + prop);
            return new Checker2(this.suite, ttype, this._path + "." + prop);
          }, Checker2.prototype.methodArgs = function(methodName) {
            var tfunc = this._getMethod(methodName);
            return new Checker2(this.suite, tfunc.paramList);
          }, Checker2.prototype.methodResult = function(methodName) {
            var tfunc = this._getMethod(methodName);
            return new Checker2(this.suite, tfunc.result);
          }, Checker2.prototype.getArgs = function() {
            if (!(this.ttype instanceof types_1.TFunc))
              throw new Error("getArgs() applied to non-function");
            return new Checker2(this.suite, this.ttype.paramList);
          }, Checker2.prototype.getResult = function() {
            if (!(this.ttype instanceof types_1.TFunc))
              throw new Error("getResult() applied to non-function");
            return new Checker2(this.suite, this.ttype.result);
          }, Checker2.prototype.getType = function() {
            return this.ttype;
          }, Checker2.prototype._doCheck = function(checkerFunc, value) {
            var noopCtx = new util_1.NoopContext();
            if (!checkerFunc(value, noopCtx)) {
              var detailCtx = new util_1.DetailContext();
              throw checkerFunc(value, detailCtx), detailCtx.getError(this._path);
            }
          }, Checker2.prototype._doValidate = function(checkerFunc, value) {
            var noopCtx = new util_1.NoopContext();
            if (checkerFunc(value, noopCtx))
              return null;
            var detailCtx = new util_1.DetailContext();
            return checkerFunc(value, detailCtx), detailCtx.getErrorDetail(this._path);
          }, Checker2.prototype._getMethod = function(methodName) {
            var ttype = this.props.get(methodName);
            if (!ttype)
              throw new Error("Type has no property " + methodName);
            if (!(ttype instanceof types_1.TFunc))
              throw new Error("Property " + methodName + " is not a method");
            return ttype;
          }, Checker2;
        })()
      );
      exports.Checker = Checker;
    }
  });

  // node_modules/sucrase/dist/esm/Options-gen-types.js
  var t, Transform, SourceMapOptions, Options, exportedTypeSuite, Options_gen_types_default, init_Options_gen_types = __esm({
    "node_modules/sucrase/dist/esm/Options-gen-types.js"() {
      t = __toESM(require_dist()), Transform = t.union(
        t.lit("jsx"),
        t.lit("typescript"),
        t.lit("flow"),
        t.lit("imports"),
        t.lit("react-hot-loader"),
        t.lit("jest")
      ), SourceMapOptions = t.iface([], {
        compiledFilename: "string"
      }), Options = t.iface([], {
        transforms: t.array("Transform"),
        disableESTransforms: t.opt("boolean"),
        jsxRuntime: t.opt(t.union(t.lit("classic"), t.lit("automatic"), t.lit("preserve"))),
        production: t.opt("boolean"),
        jsxImportSource: t.opt("string"),
        jsxPragma: t.opt("string"),
        jsxFragmentPragma: t.opt("string"),
        keepUnusedImports: t.opt("boolean"),
        preserveDynamicImport: t.opt("boolean"),
        injectCreateRequireForImportRequire: t.opt("boolean"),
        enableLegacyTypeScriptModuleInterop: t.opt("boolean"),
        enableLegacyBabel5ModuleInterop: t.opt("boolean"),
        sourceMapOptions: t.opt("SourceMapOptions"),
        filePath: t.opt("string")
      }), exportedTypeSuite = {
        Transform,
        SourceMapOptions,
        Options
      }, Options_gen_types_default = exportedTypeSuite;
    }
  });

  // node_modules/sucrase/dist/esm/Options.js
  function validateOptions(options) {
    OptionsChecker.strictCheck(options);
  }
  var import_ts_interface_checker, OptionsChecker, init_Options = __esm({
    "node_modules/sucrase/dist/esm/Options.js"() {
      import_ts_interface_checker = __toESM(require_dist());
      init_Options_gen_types();
      ({ Options: OptionsChecker } = (0, import_ts_interface_checker.createCheckers)(Options_gen_types_default));
    }
  });

  // node_modules/sucrase/dist/esm/parser/traverser/lval.js
  function parseSpread() {
    next(), parseMaybeAssign(!1);
  }
  function parseRest(isBlockScope) {
    next(), parseBindingAtom(isBlockScope);
  }
  function parseBindingIdentifier(isBlockScope) {
    parseIdentifier(), markPriorBindingIdentifier(isBlockScope);
  }
  function parseImportedIdentifier() {
    parseIdentifier(), state.tokens[state.tokens.length - 1].identifierRole = IdentifierRole.ImportDeclaration;
  }
  function markPriorBindingIdentifier(isBlockScope) {
    let identifierRole;
    state.scopeDepth === 0 ? identifierRole = IdentifierRole.TopLevelDeclaration : isBlockScope ? identifierRole = IdentifierRole.BlockScopedDeclaration : identifierRole = IdentifierRole.FunctionScopedDeclaration, state.tokens[state.tokens.length - 1].identifierRole = identifierRole;
  }
  function parseBindingAtom(isBlockScope) {
    switch (state.type) {
      case TokenType._this: {
        let oldIsType = pushTypeContext(0);
        next(), popTypeContext(oldIsType);
        return;
      }
      case TokenType._yield:
      case TokenType.name: {
        state.type = TokenType.name, parseBindingIdentifier(isBlockScope);
        return;
      }
      case TokenType.bracketL: {
        next(), parseBindingList(
          TokenType.bracketR,
          isBlockScope,
          !0
          /* allowEmpty */
        );
        return;
      }
      case TokenType.braceL:
        parseObj(!0, isBlockScope);
        return;
      default:
        unexpected();
    }
  }
  function parseBindingList(close, isBlockScope, allowEmpty = !1, allowModifiers = !1, contextId = 0) {
    let first = !0, hasRemovedComma = !1, firstItemTokenIndex = state.tokens.length;
    for (; !eat(close) && !state.error; )
      if (first ? first = !1 : (expect(TokenType.comma), state.tokens[state.tokens.length - 1].contextId = contextId, !hasRemovedComma && state.tokens[firstItemTokenIndex].isType && (state.tokens[state.tokens.length - 1].isType = !0, hasRemovedComma = !0)), !(allowEmpty && match(TokenType.comma))) {
        if (eat(close))
          break;
        if (match(TokenType.ellipsis)) {
          parseRest(isBlockScope), parseAssignableListItemTypes(), eat(TokenType.comma), expect(close);
          break;
        } else
          parseAssignableListItem(allowModifiers, isBlockScope);
      }
  }
  function parseAssignableListItem(allowModifiers, isBlockScope) {
    allowModifiers && tsParseModifiers([
      ContextualKeyword._public,
      ContextualKeyword._protected,
      ContextualKeyword._private,
      ContextualKeyword._readonly,
      ContextualKeyword._override
    ]), parseMaybeDefault(isBlockScope), parseAssignableListItemTypes(), parseMaybeDefault(
      isBlockScope,
      !0
      /* leftAlreadyParsed */
    );
  }
  function parseAssignableListItemTypes() {
    isFlowEnabled ? flowParseAssignableListItemTypes() : isTypeScriptEnabled && tsParseAssignableListItemTypes();
  }
  function parseMaybeDefault(isBlockScope, leftAlreadyParsed = !1) {
    if (leftAlreadyParsed || parseBindingAtom(isBlockScope), !eat(TokenType.eq))
      return;
    let eqIndex = state.tokens.length - 1;
    parseMaybeAssign(), state.tokens[eqIndex].rhsEndIndex = state.tokens.length;
  }
  var init_lval = __esm({
    "node_modules/sucrase/dist/esm/parser/traverser/lval.js"() {
      init_flow();
      init_typescript();
      init_tokenizer();
      init_keywords();
      init_types();
      init_base();
      init_expression();
      init_util();
    }
  });

  // node_modules/sucrase/dist/esm/parser/plugins/typescript.js
  function tsIsIdentifier() {
    return match(TokenType.name);
  }
  function isLiteralPropertyName() {
    return match(TokenType.name) || !!(state.type & TokenType.IS_KEYWORD) || match(TokenType.string) || match(TokenType.num) || match(TokenType.bigint) || match(TokenType.decimal);
  }
  function tsNextTokenCanFollowModifier() {
    let snapshot = state.snapshot();
    return next(), (match(TokenType.bracketL) || match(TokenType.braceL) || match(TokenType.star) || match(TokenType.ellipsis) || match(TokenType.hash) || isLiteralPropertyName()) && !hasPrecedingLineBreak() ? !0 : (state.restoreFromSnapshot(snapshot), !1);
  }
  function tsParseModifiers(allowedModifiers) {
    for (; tsParseModifier(allowedModifiers) !== null; )
      ;
  }
  function tsParseModifier(allowedModifiers) {
    if (!match(TokenType.name))
      return null;
    let modifier = state.contextualKeyword;
    if (allowedModifiers.indexOf(modifier) !== -1 && tsNextTokenCanFollowModifier()) {
      switch (modifier) {
        case ContextualKeyword._readonly:
          state.tokens[state.tokens.length - 1].type = TokenType._readonly;
          break;
        case ContextualKeyword._abstract:
          state.tokens[state.tokens.length - 1].type = TokenType._abstract;
          break;
        case ContextualKeyword._static:
          state.tokens[state.tokens.length - 1].type = TokenType._static;
          break;
        case ContextualKeyword._public:
          state.tokens[state.tokens.length - 1].type = TokenType._public;
          break;
        case ContextualKeyword._private:
          state.tokens[state.tokens.length - 1].type = TokenType._private;
          break;
        case ContextualKeyword._protected:
          state.tokens[state.tokens.length - 1].type = TokenType._protected;
          break;
        case ContextualKeyword._override:
          state.tokens[state.tokens.length - 1].type = TokenType._override;
          break;
        case ContextualKeyword._declare:
          state.tokens[state.tokens.length - 1].type = TokenType._declare;
          break;
        default:
          break;
      }
      return modifier;
    }
    return null;
  }
  function tsParseEntityName() {
    for (parseIdentifier(); eat(TokenType.dot); )
      parseIdentifier();
  }
  function tsParseTypeReference() {
    tsParseEntityName(), !hasPrecedingLineBreak() && match(TokenType.lessThan) && tsParseTypeArguments();
  }
  function tsParseThisTypePredicate() {
    next(), tsParseTypeAnnotation();
  }
  function tsParseThisTypeNode() {
    next();
  }
  function tsParseTypeQuery() {
    expect(TokenType._typeof), match(TokenType._import) ? tsParseImportType() : tsParseEntityName(), !hasPrecedingLineBreak() && match(TokenType.lessThan) && tsParseTypeArguments();
  }
  function tsParseImportType() {
    expect(TokenType._import), expect(TokenType.parenL), expect(TokenType.string), expect(TokenType.parenR), eat(TokenType.dot) && tsParseEntityName(), match(TokenType.lessThan) && tsParseTypeArguments();
  }
  function tsParseTypeParameter() {
    eat(TokenType._const);
    let hadIn = eat(TokenType._in), hadOut = eatContextual(ContextualKeyword._out);
    eat(TokenType._const), (hadIn || hadOut) && !match(TokenType.name) ? state.tokens[state.tokens.length - 1].type = TokenType.name : parseIdentifier(), eat(TokenType._extends) && tsParseType(), eat(TokenType.eq) && tsParseType();
  }
  function tsTryParseTypeParameters() {
    match(TokenType.lessThan) && tsParseTypeParameters();
  }
  function tsParseTypeParameters() {
    let oldIsType = pushTypeContext(0);
    for (match(TokenType.lessThan) || match(TokenType.typeParameterStart) ? next() : unexpected(); !eat(TokenType.greaterThan) && !state.error; )
      tsParseTypeParameter(), eat(TokenType.comma);
    popTypeContext(oldIsType);
  }
  function tsFillSignature(returnToken) {
    let returnTokenRequired = returnToken === TokenType.arrow;
    tsTryParseTypeParameters(), expect(TokenType.parenL), state.scopeDepth++, tsParseBindingListForSignature(
      !1
      /* isBlockScope */
    ), state.scopeDepth--, (returnTokenRequired || match(returnToken)) && tsParseTypeOrTypePredicateAnnotation(returnToken);
  }
  function tsParseBindingListForSignature(isBlockScope) {
    parseBindingList(TokenType.parenR, isBlockScope);
  }
  function tsParseTypeMemberSemicolon() {
    eat(TokenType.comma) || semicolon();
  }
  function tsParseSignatureMember() {
    tsFillSignature(TokenType.colon), tsParseTypeMemberSemicolon();
  }
  function tsIsUnambiguouslyIndexSignature() {
    let snapshot = state.snapshot();
    next();
    let isIndexSignature = eat(TokenType.name) && match(TokenType.colon);
    return state.restoreFromSnapshot(snapshot), isIndexSignature;
  }
  function tsTryParseIndexSignature() {
    if (!(match(TokenType.bracketL) && tsIsUnambiguouslyIndexSignature()))
      return !1;
    let oldIsType = pushTypeContext(0);
    return expect(TokenType.bracketL), parseIdentifier(), tsParseTypeAnnotation(), expect(TokenType.bracketR), tsTryParseTypeAnnotation(), tsParseTypeMemberSemicolon(), popTypeContext(oldIsType), !0;
  }
  function tsParsePropertyOrMethodSignature(isReadonly) {
    eat(TokenType.question), !isReadonly && (match(TokenType.parenL) || match(TokenType.lessThan)) ? (tsFillSignature(TokenType.colon), tsParseTypeMemberSemicolon()) : (tsTryParseTypeAnnotation(), tsParseTypeMemberSemicolon());
  }
  function tsParseTypeMember() {
    if (match(TokenType.parenL) || match(TokenType.lessThan)) {
      tsParseSignatureMember();
      return;
    }
    if (match(TokenType._new)) {
      next(), match(TokenType.parenL) || match(TokenType.lessThan) ? tsParseSignatureMember() : tsParsePropertyOrMethodSignature(!1);
      return;
    }
    let readonly = !!tsParseModifier([ContextualKeyword._readonly]);
    tsTryParseIndexSignature() || ((isContextual(ContextualKeyword._get) || isContextual(ContextualKeyword._set)) && tsNextTokenCanFollowModifier(), parsePropertyName(
      -1
      /* Types don't need context IDs. */
    ), tsParsePropertyOrMethodSignature(readonly));
  }
  function tsParseTypeLiteral() {
    tsParseObjectTypeMembers();
  }
  function tsParseObjectTypeMembers() {
    for (expect(TokenType.braceL); !eat(TokenType.braceR) && !state.error; )
      tsParseTypeMember();
  }
  function tsLookaheadIsStartOfMappedType() {
    let snapshot = state.snapshot(), isStartOfMappedType = tsIsStartOfMappedType();
    return state.restoreFromSnapshot(snapshot), isStartOfMappedType;
  }
  function tsIsStartOfMappedType() {
    return next(), eat(TokenType.plus) || eat(TokenType.minus) ? isContextual(ContextualKeyword._readonly) : (isContextual(ContextualKeyword._readonly) && next(), !match(TokenType.bracketL) || (next(), !tsIsIdentifier()) ? !1 : (next(), match(TokenType._in)));
  }
  function tsParseMappedTypeParameter() {
    parseIdentifier(), expect(TokenType._in), tsParseType();
  }
  function tsParseMappedType() {
    expect(TokenType.braceL), match(TokenType.plus) || match(TokenType.minus) ? (next(), expectContextual(ContextualKeyword._readonly)) : eatContextual(ContextualKeyword._readonly), expect(TokenType.bracketL), tsParseMappedTypeParameter(), eatContextual(ContextualKeyword._as) && tsParseType(), expect(TokenType.bracketR), match(TokenType.plus) || match(TokenType.minus) ? (next(), expect(TokenType.question)) : eat(TokenType.question), tsTryParseType(), semicolon(), expect(TokenType.braceR);
  }
  function tsParseTupleType() {
    for (expect(TokenType.bracketL); !eat(TokenType.bracketR) && !state.error; )
      tsParseTupleElementType(), eat(TokenType.comma);
  }
  function tsParseTupleElementType() {
    eat(TokenType.ellipsis) ? tsParseType() : (tsParseType(), eat(TokenType.question)), eat(TokenType.colon) && tsParseType();
  }
  function tsParseParenthesizedType() {
    expect(TokenType.parenL), tsParseType(), expect(TokenType.parenR);
  }
  function tsParseTemplateLiteralType() {
    for (nextTemplateToken(), nextTemplateToken(); !match(TokenType.backQuote) && !state.error; )
      expect(TokenType.dollarBraceL), tsParseType(), nextTemplateToken(), nextTemplateToken();
    next();
  }
  function tsParseFunctionOrConstructorType(type) {
    type === FunctionType.TSAbstractConstructorType && expectContextual(ContextualKeyword._abstract), (type === FunctionType.TSConstructorType || type === FunctionType.TSAbstractConstructorType) && expect(TokenType._new);
    let oldInDisallowConditionalTypesContext = state.inDisallowConditionalTypesContext;
    state.inDisallowConditionalTypesContext = !1, tsFillSignature(TokenType.arrow), state.inDisallowConditionalTypesContext = oldInDisallowConditionalTypesContext;
  }
  function tsParseNonArrayType() {
    switch (state.type) {
      case TokenType.name:
        tsParseTypeReference();
        return;
      case TokenType._void:
      case TokenType._null:
        next();
        return;
      case TokenType.string:
      case TokenType.num:
      case TokenType.bigint:
      case TokenType.decimal:
      case TokenType._true:
      case TokenType._false:
        parseLiteral();
        return;
      case TokenType.minus:
        next(), parseLiteral();
        return;
      case TokenType._this: {
        tsParseThisTypeNode(), isContextual(ContextualKeyword._is) && !hasPrecedingLineBreak() && tsParseThisTypePredicate();
        return;
      }
      case TokenType._typeof:
        tsParseTypeQuery();
        return;
      case TokenType._import:
        tsParseImportType();
        return;
      case TokenType.braceL:
        tsLookaheadIsStartOfMappedType() ? tsParseMappedType() : tsParseTypeLiteral();
        return;
      case TokenType.bracketL:
        tsParseTupleType();
        return;
      case TokenType.parenL:
        tsParseParenthesizedType();
        return;
      case TokenType.backQuote:
        tsParseTemplateLiteralType();
        return;
      default:
        if (state.type & TokenType.IS_KEYWORD) {
          next(), state.tokens[state.tokens.length - 1].type = TokenType.name;
          return;
        }
        break;
    }
    unexpected();
  }
  function tsParseArrayTypeOrHigher() {
    for (tsParseNonArrayType(); !hasPrecedingLineBreak() && eat(TokenType.bracketL); )
      eat(TokenType.bracketR) || (tsParseType(), expect(TokenType.bracketR));
  }
  function tsParseInferType() {
    if (expectContextual(ContextualKeyword._infer), parseIdentifier(), match(TokenType._extends)) {
      let snapshot = state.snapshot();
      expect(TokenType._extends);
      let oldInDisallowConditionalTypesContext = state.inDisallowConditionalTypesContext;
      state.inDisallowConditionalTypesContext = !0, tsParseType(), state.inDisallowConditionalTypesContext = oldInDisallowConditionalTypesContext, (state.error || !state.inDisallowConditionalTypesContext && match(TokenType.question)) && state.restoreFromSnapshot(snapshot);
    }
  }
  function tsParseTypeOperatorOrHigher() {
    if (isContextual(ContextualKeyword._keyof) || isContextual(ContextualKeyword._unique) || isContextual(ContextualKeyword._readonly))
      next(), tsParseTypeOperatorOrHigher();
    else if (isContextual(ContextualKeyword._infer))
      tsParseInferType();
    else {
      let oldInDisallowConditionalTypesContext = state.inDisallowConditionalTypesContext;
      state.inDisallowConditionalTypesContext = !1, tsParseArrayTypeOrHigher(), state.inDisallowConditionalTypesContext = oldInDisallowConditionalTypesContext;
    }
  }
  function tsParseIntersectionTypeOrHigher() {
    if (eat(TokenType.bitwiseAND), tsParseTypeOperatorOrHigher(), match(TokenType.bitwiseAND))
      for (; eat(TokenType.bitwiseAND); )
        tsParseTypeOperatorOrHigher();
  }
  function tsParseUnionTypeOrHigher() {
    if (eat(TokenType.bitwiseOR), tsParseIntersectionTypeOrHigher(), match(TokenType.bitwiseOR))
      for (; eat(TokenType.bitwiseOR); )
        tsParseIntersectionTypeOrHigher();
  }
  function tsIsStartOfFunctionType() {
    return match(TokenType.lessThan) ? !0 : match(TokenType.parenL) && tsLookaheadIsUnambiguouslyStartOfFunctionType();
  }
  function tsSkipParameterStart() {
    if (match(TokenType.name) || match(TokenType._this))
      return next(), !0;
    if (match(TokenType.braceL) || match(TokenType.bracketL)) {
      let depth = 1;
      for (next(); depth > 0 && !state.error; )
        match(TokenType.braceL) || match(TokenType.bracketL) ? depth++ : (match(TokenType.braceR) || match(TokenType.bracketR)) && depth--, next();
      return !0;
    }
    return !1;
  }
  function tsLookaheadIsUnambiguouslyStartOfFunctionType() {
    let snapshot = state.snapshot(), isUnambiguouslyStartOfFunctionType = tsIsUnambiguouslyStartOfFunctionType();
    return state.restoreFromSnapshot(snapshot), isUnambiguouslyStartOfFunctionType;
  }
  function tsIsUnambiguouslyStartOfFunctionType() {
    return next(), !!(match(TokenType.parenR) || match(TokenType.ellipsis) || tsSkipParameterStart() && (match(TokenType.colon) || match(TokenType.comma) || match(TokenType.question) || match(TokenType.eq) || match(TokenType.parenR) && (next(), match(TokenType.arrow))));
  }
  function tsParseTypeOrTypePredicateAnnotation(returnToken) {
    let oldIsType = pushTypeContext(0);
    expect(returnToken), tsParseTypePredicateOrAssertsPrefix() || tsParseType(), popTypeContext(oldIsType);
  }
  function tsTryParseTypeOrTypePredicateAnnotation() {
    match(TokenType.colon) && tsParseTypeOrTypePredicateAnnotation(TokenType.colon);
  }
  function tsTryParseTypeAnnotation() {
    match(TokenType.colon) && tsParseTypeAnnotation();
  }
  function tsTryParseType() {
    eat(TokenType.colon) && tsParseType();
  }
  function tsParseTypePredicateOrAssertsPrefix() {
    let snapshot = state.snapshot();
    return isContextual(ContextualKeyword._asserts) ? (next(), eatContextual(ContextualKeyword._is) ? (tsParseType(), !0) : tsIsIdentifier() || match(TokenType._this) ? (next(), eatContextual(ContextualKeyword._is) && tsParseType(), !0) : (state.restoreFromSnapshot(snapshot), !1)) : tsIsIdentifier() || match(TokenType._this) ? (next(), isContextual(ContextualKeyword._is) && !hasPrecedingLineBreak() ? (next(), tsParseType(), !0) : (state.restoreFromSnapshot(snapshot), !1)) : !1;
  }
  function tsParseTypeAnnotation() {
    let oldIsType = pushTypeContext(0);
    expect(TokenType.colon), tsParseType(), popTypeContext(oldIsType);
  }
  function tsParseType() {
    if (tsParseNonConditionalType(), state.inDisallowConditionalTypesContext || hasPrecedingLineBreak() || !eat(TokenType._extends))
      return;
    let oldInDisallowConditionalTypesContext = state.inDisallowConditionalTypesContext;
    state.inDisallowConditionalTypesContext = !0, tsParseNonConditionalType(), state.inDisallowConditionalTypesContext = oldInDisallowConditionalTypesContext, expect(TokenType.question), tsParseType(), expect(TokenType.colon), tsParseType();
  }
  function isAbstractConstructorSignature() {
    return isContextual(ContextualKeyword._abstract) && lookaheadType() === TokenType._new;
  }
  function tsParseNonConditionalType() {
    if (tsIsStartOfFunctionType()) {
      tsParseFunctionOrConstructorType(FunctionType.TSFunctionType);
      return;
    }
    if (match(TokenType._new)) {
      tsParseFunctionOrConstructorType(FunctionType.TSConstructorType);
      return;
    } else if (isAbstractConstructorSignature()) {
      tsParseFunctionOrConstructorType(FunctionType.TSAbstractConstructorType);
      return;
    }
    tsParseUnionTypeOrHigher();
  }
  function tsParseTypeAssertion() {
    let oldIsType = pushTypeContext(1);
    tsParseType(), expect(TokenType.greaterThan), popTypeContext(oldIsType), parseMaybeUnary();
  }
  function tsTryParseJSXTypeArgument() {
    if (eat(TokenType.jsxTagStart)) {
      state.tokens[state.tokens.length - 1].type = TokenType.typeParameterStart;
      let oldIsType = pushTypeContext(1);
      for (; !match(TokenType.greaterThan) && !state.error; )
        tsParseType(), eat(TokenType.comma);
      nextJSXTagToken(), popTypeContext(oldIsType);
    }
  }
  function tsParseHeritageClause() {
    for (; !match(TokenType.braceL) && !state.error; )
      tsParseExpressionWithTypeArguments(), eat(TokenType.comma);
  }
  function tsParseExpressionWithTypeArguments() {
    tsParseEntityName(), match(TokenType.lessThan) && tsParseTypeArguments();
  }
  function tsParseInterfaceDeclaration() {
    parseBindingIdentifier(!1), tsTryParseTypeParameters(), eat(TokenType._extends) && tsParseHeritageClause(), tsParseObjectTypeMembers();
  }
  function tsParseTypeAliasDeclaration() {
    parseBindingIdentifier(!1), tsTryParseTypeParameters(), expect(TokenType.eq), tsParseType(), semicolon();
  }
  function tsParseEnumMember() {
    if (match(TokenType.string) ? parseLiteral() : parseIdentifier(), eat(TokenType.eq)) {
      let eqIndex = state.tokens.length - 1;
      parseMaybeAssign(), state.tokens[eqIndex].rhsEndIndex = state.tokens.length;
    }
  }
  function tsParseEnumDeclaration() {
    for (parseBindingIdentifier(!1), expect(TokenType.braceL); !eat(TokenType.braceR) && !state.error; )
      tsParseEnumMember(), eat(TokenType.comma);
  }
  function tsParseModuleBlock() {
    expect(TokenType.braceL), parseBlockBody(
      /* end */
      TokenType.braceR
    );
  }
  function tsParseModuleOrNamespaceDeclaration() {
    parseBindingIdentifier(!1), eat(TokenType.dot) ? tsParseModuleOrNamespaceDeclaration() : tsParseModuleBlock();
  }
  function tsParseAmbientExternalModuleDeclaration() {
    isContextual(ContextualKeyword._global) ? parseIdentifier() : match(TokenType.string) ? parseExprAtom() : unexpected(), match(TokenType.braceL) ? tsParseModuleBlock() : semicolon();
  }
  function tsParseImportEqualsDeclaration() {
    parseImportedIdentifier(), expect(TokenType.eq), tsParseModuleReference(), semicolon();
  }
  function tsIsExternalModuleReference() {
    return isContextual(ContextualKeyword._require) && lookaheadType() === TokenType.parenL;
  }
  function tsParseModuleReference() {
    tsIsExternalModuleReference() ? tsParseExternalModuleReference() : tsParseEntityName();
  }
  function tsParseExternalModuleReference() {
    expectContextual(ContextualKeyword._require), expect(TokenType.parenL), match(TokenType.string) || unexpected(), parseLiteral(), expect(TokenType.parenR);
  }
  function tsTryParseDeclare() {
    if (isLineTerminator())
      return !1;
    switch (state.type) {
      case TokenType._function: {
        let oldIsType = pushTypeContext(1);
        next();
        let functionStart = state.start;
        return parseFunction(
          functionStart,
          /* isStatement */
          !0
        ), popTypeContext(oldIsType), !0;
      }
      case TokenType._class: {
        let oldIsType = pushTypeContext(1);
        return parseClass(
          /* isStatement */
          !0,
          /* optionalId */
          !1
        ), popTypeContext(oldIsType), !0;
      }
      case TokenType._const:
        if (match(TokenType._const) && isLookaheadContextual(ContextualKeyword._enum)) {
          let oldIsType = pushTypeContext(1);
          return expect(TokenType._const), expectContextual(ContextualKeyword._enum), state.tokens[state.tokens.length - 1].type = TokenType._enum, tsParseEnumDeclaration(), popTypeContext(oldIsType), !0;
        }
      // falls through
      case TokenType._var:
      case TokenType._let: {
        let oldIsType = pushTypeContext(1);
        return parseVarStatement(state.type !== TokenType._var), popTypeContext(oldIsType), !0;
      }
      case TokenType.name: {
        let oldIsType = pushTypeContext(1), contextualKeyword = state.contextualKeyword, matched = !1;
        return contextualKeyword === ContextualKeyword._global ? (tsParseAmbientExternalModuleDeclaration(), matched = !0) : matched = tsParseDeclaration(
          contextualKeyword,
          /* isBeforeToken */
          !0
        ), popTypeContext(oldIsType), matched;
      }
      default:
        return !1;
    }
  }
  function tsTryParseExportDeclaration() {
    return tsParseDeclaration(
      state.contextualKeyword,
      /* isBeforeToken */
      !0
    );
  }
  function tsParseExpressionStatement(contextualKeyword) {
    switch (contextualKeyword) {
      case ContextualKeyword._declare: {
        let declareTokenIndex = state.tokens.length - 1;
        if (tsTryParseDeclare())
          return state.tokens[declareTokenIndex].type = TokenType._declare, !0;
        break;
      }
      case ContextualKeyword._global:
        if (match(TokenType.braceL))
          return tsParseModuleBlock(), !0;
        break;
      default:
        return tsParseDeclaration(
          contextualKeyword,
          /* isBeforeToken */
          !1
        );
    }
    return !1;
  }
  function tsParseDeclaration(contextualKeyword, isBeforeToken) {
    switch (contextualKeyword) {
      case ContextualKeyword._abstract:
        if (tsCheckLineTerminator(isBeforeToken) && match(TokenType._class))
          return state.tokens[state.tokens.length - 1].type = TokenType._abstract, parseClass(
            /* isStatement */
            !0,
            /* optionalId */
            !1
          ), !0;
        break;
      case ContextualKeyword._enum:
        if (tsCheckLineTerminator(isBeforeToken) && match(TokenType.name))
          return state.tokens[state.tokens.length - 1].type = TokenType._enum, tsParseEnumDeclaration(), !0;
        break;
      case ContextualKeyword._interface:
        if (tsCheckLineTerminator(isBeforeToken) && match(TokenType.name)) {
          let oldIsType = pushTypeContext(isBeforeToken ? 2 : 1);
          return tsParseInterfaceDeclaration(), popTypeContext(oldIsType), !0;
        }
        break;
      case ContextualKeyword._module:
        if (tsCheckLineTerminator(isBeforeToken)) {
          if (match(TokenType.string)) {
            let oldIsType = pushTypeContext(isBeforeToken ? 2 : 1);
            return tsParseAmbientExternalModuleDeclaration(), popTypeContext(oldIsType), !0;
          } else if (match(TokenType.name)) {
            let oldIsType = pushTypeContext(isBeforeToken ? 2 : 1);
            return tsParseModuleOrNamespaceDeclaration(), popTypeContext(oldIsType), !0;
          }
        }
        break;
      case ContextualKeyword._namespace:
        if (tsCheckLineTerminator(isBeforeToken) && match(TokenType.name)) {
          let oldIsType = pushTypeContext(isBeforeToken ? 2 : 1);
          return tsParseModuleOrNamespaceDeclaration(), popTypeContext(oldIsType), !0;
        }
        break;
      case ContextualKeyword._type:
        if (tsCheckLineTerminator(isBeforeToken) && match(TokenType.name)) {
          let oldIsType = pushTypeContext(isBeforeToken ? 2 : 1);
          return tsParseTypeAliasDeclaration(), popTypeContext(oldIsType), !0;
        }
        break;
      default:
        break;
    }
    return !1;
  }
  function tsCheckLineTerminator(isBeforeToken) {
    return isBeforeToken ? (next(), !0) : !isLineTerminator();
  }
  function tsTryParseGenericAsyncArrowFunction() {
    let snapshot = state.snapshot();
    return tsParseTypeParameters(), parseFunctionParams(), tsTryParseTypeOrTypePredicateAnnotation(), expect(TokenType.arrow), state.error ? (state.restoreFromSnapshot(snapshot), !1) : (parseFunctionBody(!0), !0);
  }
  function tsParseTypeArgumentsWithPossibleBitshift() {
    state.type === TokenType.bitShiftL && (state.pos -= 1, finishToken(TokenType.lessThan)), tsParseTypeArguments();
  }
  function tsParseTypeArguments() {
    let oldIsType = pushTypeContext(0);
    for (expect(TokenType.lessThan); !match(TokenType.greaterThan) && !state.error; )
      tsParseType(), eat(TokenType.comma);
    oldIsType ? (expect(TokenType.greaterThan), popTypeContext(oldIsType)) : (popTypeContext(oldIsType), rescan_gt(), expect(TokenType.greaterThan), state.tokens[state.tokens.length - 1].isType = !0);
  }
  function tsIsDeclarationStart() {
    if (match(TokenType.name))
      switch (state.contextualKeyword) {
        case ContextualKeyword._abstract:
        case ContextualKeyword._declare:
        case ContextualKeyword._enum:
        case ContextualKeyword._interface:
        case ContextualKeyword._module:
        case ContextualKeyword._namespace:
        case ContextualKeyword._type:
          return !0;
        default:
          break;
      }
    return !1;
  }
  function tsParseFunctionBodyAndFinish(functionStart, funcContextId) {
    if (match(TokenType.colon) && tsParseTypeOrTypePredicateAnnotation(TokenType.colon), !match(TokenType.braceL) && isLineTerminator()) {
      let i = state.tokens.length - 1;
      for (; i >= 0 && (state.tokens[i].start >= functionStart || state.tokens[i].type === TokenType._default || state.tokens[i].type === TokenType._export); )
        state.tokens[i].isType = !0, i--;
      return;
    }
    parseFunctionBody(!1, funcContextId);
  }
  function tsParseSubscript(startTokenIndex, noCalls, stopState) {
    if (!hasPrecedingLineBreak() && eat(TokenType.bang)) {
      state.tokens[state.tokens.length - 1].type = TokenType.nonNullAssertion;
      return;
    }
    if (match(TokenType.lessThan) || match(TokenType.bitShiftL)) {
      let snapshot = state.snapshot();
      if (!noCalls && atPossibleAsync() && tsTryParseGenericAsyncArrowFunction())
        return;
      if (tsParseTypeArgumentsWithPossibleBitshift(), !noCalls && eat(TokenType.parenL) ? (state.tokens[state.tokens.length - 1].subscriptStartIndex = startTokenIndex, parseCallExpressionArguments()) : match(TokenType.backQuote) ? parseTemplate() : (
        // The remaining possible case is an instantiation expression, e.g.
        // Array<number> . Check for a few cases that would disqualify it and
        // cause us to bail out.
        // a<b>>c is not (a<b>)>c, but a<(b>>c)
        (state.type === TokenType.greaterThan || // a<b>c is (a<b)>c
        state.type !== TokenType.parenL && state.type & TokenType.IS_EXPRESSION_START && !hasPrecedingLineBreak()) && unexpected()
      ), state.error)
        state.restoreFromSnapshot(snapshot);
      else
        return;
    } else !noCalls && match(TokenType.questionDot) && lookaheadType() === TokenType.lessThan && (next(), state.tokens[startTokenIndex].isOptionalChainStart = !0, state.tokens[state.tokens.length - 1].subscriptStartIndex = startTokenIndex, tsParseTypeArguments(), expect(TokenType.parenL), parseCallExpressionArguments());
    baseParseSubscript(startTokenIndex, noCalls, stopState);
  }
  function tsTryParseExport() {
    if (eat(TokenType._import))
      return isContextual(ContextualKeyword._type) && lookaheadType() !== TokenType.eq && expectContextual(ContextualKeyword._type), tsParseImportEqualsDeclaration(), !0;
    if (eat(TokenType.eq))
      return parseExpression(), semicolon(), !0;
    if (eatContextual(ContextualKeyword._as))
      return expectContextual(ContextualKeyword._namespace), parseIdentifier(), semicolon(), !0;
    if (isContextual(ContextualKeyword._type)) {
      let nextType = lookaheadType();
      (nextType === TokenType.braceL || nextType === TokenType.star) && next();
    }
    return !1;
  }
  function tsParseImportSpecifier() {
    if (parseIdentifier(), match(TokenType.comma) || match(TokenType.braceR)) {
      state.tokens[state.tokens.length - 1].identifierRole = IdentifierRole.ImportDeclaration;
      return;
    }
    if (parseIdentifier(), match(TokenType.comma) || match(TokenType.braceR)) {
      state.tokens[state.tokens.length - 1].identifierRole = IdentifierRole.ImportDeclaration, state.tokens[state.tokens.length - 2].isType = !0, state.tokens[state.tokens.length - 1].isType = !0;
      return;
    }
    if (parseIdentifier(), match(TokenType.comma) || match(TokenType.braceR)) {
      state.tokens[state.tokens.length - 3].identifierRole = IdentifierRole.ImportAccess, state.tokens[state.tokens.length - 1].identifierRole = IdentifierRole.ImportDeclaration;
      return;
    }
    parseIdentifier(), state.tokens[state.tokens.length - 3].identifierRole = IdentifierRole.ImportAccess, state.tokens[state.tokens.length - 1].identifierRole = IdentifierRole.ImportDeclaration, state.tokens[state.tokens.length - 4].isType = !0, state.tokens[state.tokens.length - 3].isType = !0, state.tokens[state.tokens.length - 2].isType = !0, state.tokens[state.tokens.length - 1].isType = !0;
  }
  function tsParseExportSpecifier() {
    if (parseIdentifier(), match(TokenType.comma) || match(TokenType.braceR)) {
      state.tokens[state.tokens.length - 1].identifierRole = IdentifierRole.ExportAccess;
      return;
    }
    if (parseIdentifier(), match(TokenType.comma) || match(TokenType.braceR)) {
      state.tokens[state.tokens.length - 1].identifierRole = IdentifierRole.ExportAccess, state.tokens[state.tokens.length - 2].isType = !0, state.tokens[state.tokens.length - 1].isType = !0;
      return;
    }
    if (parseIdentifier(), match(TokenType.comma) || match(TokenType.braceR)) {
      state.tokens[state.tokens.length - 3].identifierRole = IdentifierRole.ExportAccess;
      return;
    }
    parseIdentifier(), state.tokens[state.tokens.length - 3].identifierRole = IdentifierRole.ExportAccess, state.tokens[state.tokens.length - 4].isType = !0, state.tokens[state.tokens.length - 3].isType = !0, state.tokens[state.tokens.length - 2].isType = !0, state.tokens[state.tokens.length - 1].isType = !0;
  }
  function tsTryParseExportDefaultExpression() {
    if (isContextual(ContextualKeyword._abstract) && lookaheadType() === TokenType._class)
      return state.type = TokenType._abstract, next(), parseClass(!0, !0), !0;
    if (isContextual(ContextualKeyword._interface)) {
      let oldIsType = pushTypeContext(2);
      return tsParseDeclaration(ContextualKeyword._interface, !0), popTypeContext(oldIsType), !0;
    }
    return !1;
  }
  function tsTryParseStatementContent() {
    if (state.type === TokenType._const) {
      let ahead = lookaheadTypeAndKeyword();
      if (ahead.type === TokenType.name && ahead.contextualKeyword === ContextualKeyword._enum)
        return expect(TokenType._const), expectContextual(ContextualKeyword._enum), state.tokens[state.tokens.length - 1].type = TokenType._enum, tsParseEnumDeclaration(), !0;
    }
    return !1;
  }
  function tsTryParseClassMemberWithIsStatic(isStatic) {
    let memberStartIndexAfterStatic = state.tokens.length;
    tsParseModifiers([
      ContextualKeyword._abstract,
      ContextualKeyword._readonly,
      ContextualKeyword._declare,
      ContextualKeyword._static,
      ContextualKeyword._override
    ]);
    let modifiersEndIndex = state.tokens.length;
    if (tsTryParseIndexSignature()) {
      let memberStartIndex = isStatic ? memberStartIndexAfterStatic - 1 : memberStartIndexAfterStatic;
      for (let i = memberStartIndex; i < modifiersEndIndex; i++)
        state.tokens[i].isType = !0;
      return !0;
    }
    return !1;
  }
  function tsParseIdentifierStatement(contextualKeyword) {
    tsParseExpressionStatement(contextualKeyword) || semicolon();
  }
  function tsParseExportDeclaration() {
    let isDeclare = eatContextual(ContextualKeyword._declare);
    isDeclare && (state.tokens[state.tokens.length - 1].type = TokenType._declare);
    let matchedDeclaration = !1;
    if (match(TokenType.name))
      if (isDeclare) {
        let oldIsType = pushTypeContext(2);
        matchedDeclaration = tsTryParseExportDeclaration(), popTypeContext(oldIsType);
      } else
        matchedDeclaration = tsTryParseExportDeclaration();
    if (!matchedDeclaration)
      if (isDeclare) {
        let oldIsType = pushTypeContext(2);
        parseStatement(!0), popTypeContext(oldIsType);
      } else
        parseStatement(!0);
  }
  function tsAfterParseClassSuper(hasSuper) {
    if (hasSuper && (match(TokenType.lessThan) || match(TokenType.bitShiftL)) && tsParseTypeArgumentsWithPossibleBitshift(), eatContextual(ContextualKeyword._implements)) {
      state.tokens[state.tokens.length - 1].type = TokenType._implements;
      let oldIsType = pushTypeContext(1);
      tsParseHeritageClause(), popTypeContext(oldIsType);
    }
  }
  function tsStartParseObjPropValue() {
    tsTryParseTypeParameters();
  }
  function tsStartParseFunctionParams() {
    tsTryParseTypeParameters();
  }
  function tsAfterParseVarHead() {
    let oldIsType = pushTypeContext(0);
    hasPrecedingLineBreak() || eat(TokenType.bang), tsTryParseTypeAnnotation(), popTypeContext(oldIsType);
  }
  function tsStartParseAsyncArrowFromCallExpression() {
    match(TokenType.colon) && tsParseTypeAnnotation();
  }
  function tsParseMaybeAssign(noIn, isWithinParens) {
    return isJSXEnabled ? tsParseMaybeAssignWithJSX(noIn, isWithinParens) : tsParseMaybeAssignWithoutJSX(noIn, isWithinParens);
  }
  function tsParseMaybeAssignWithJSX(noIn, isWithinParens) {
    if (!match(TokenType.lessThan))
      return baseParseMaybeAssign(noIn, isWithinParens);
    let snapshot = state.snapshot(), wasArrow = baseParseMaybeAssign(noIn, isWithinParens);
    if (state.error)
      state.restoreFromSnapshot(snapshot);
    else
      return wasArrow;
    return state.type = TokenType.typeParameterStart, tsParseTypeParameters(), wasArrow = baseParseMaybeAssign(noIn, isWithinParens), wasArrow || unexpected(), wasArrow;
  }
  function tsParseMaybeAssignWithoutJSX(noIn, isWithinParens) {
    if (!match(TokenType.lessThan))
      return baseParseMaybeAssign(noIn, isWithinParens);
    let snapshot = state.snapshot();
    tsParseTypeParameters();
    let wasArrow = baseParseMaybeAssign(noIn, isWithinParens);
    if (wasArrow || unexpected(), state.error)
      state.restoreFromSnapshot(snapshot);
    else
      return wasArrow;
    return baseParseMaybeAssign(noIn, isWithinParens);
  }
  function tsParseArrow() {
    if (match(TokenType.colon)) {
      let snapshot = state.snapshot();
      tsParseTypeOrTypePredicateAnnotation(TokenType.colon), canInsertSemicolon() && unexpected(), match(TokenType.arrow) || unexpected(), state.error && state.restoreFromSnapshot(snapshot);
    }
    return eat(TokenType.arrow);
  }
  function tsParseAssignableListItemTypes() {
    let oldIsType = pushTypeContext(0);
    eat(TokenType.question), tsTryParseTypeAnnotation(), popTypeContext(oldIsType);
  }
  function tsParseMaybeDecoratorArguments() {
    (match(TokenType.lessThan) || match(TokenType.bitShiftL)) && tsParseTypeArgumentsWithPossibleBitshift(), baseParseMaybeDecoratorArguments();
  }
  var FunctionType, init_typescript = __esm({
    "node_modules/sucrase/dist/esm/parser/plugins/typescript.js"() {
      init_tokenizer();
      init_keywords();
      init_types();
      init_base();
      init_expression();
      init_lval();
      init_statement();
      init_util();
      init_jsx();
      (function(FunctionType2) {
        FunctionType2[FunctionType2.TSFunctionType = 0] = "TSFunctionType";
        let TSConstructorType = 1;
        FunctionType2[FunctionType2.TSConstructorType = TSConstructorType] = "TSConstructorType";
        let TSAbstractConstructorType = TSConstructorType + 1;
        FunctionType2[FunctionType2.TSAbstractConstructorType = TSAbstractConstructorType] = "TSAbstractConstructorType";
      })(FunctionType || (FunctionType = {}));
    }
  });

  // node_modules/sucrase/dist/esm/parser/plugins/jsx/index.js
  function jsxReadToken() {
    let sawNewline = !1, sawNonWhitespace = !1;
    for (; ; ) {
      if (state.pos >= input.length) {
        unexpected("Unterminated JSX contents");
        return;
      }
      let ch = input.charCodeAt(state.pos);
      if (ch === charCodes.lessThan || ch === charCodes.leftCurlyBrace) {
        if (state.pos === state.start) {
          if (ch === charCodes.lessThan) {
            state.pos++, finishToken(TokenType.jsxTagStart);
            return;
          }
          getTokenFromCode(ch);
          return;
        }
        sawNewline && !sawNonWhitespace ? finishToken(TokenType.jsxEmptyText) : finishToken(TokenType.jsxText);
        return;
      }
      ch === charCodes.lineFeed ? sawNewline = !0 : ch !== charCodes.space && ch !== charCodes.carriageReturn && ch !== charCodes.tab && (sawNonWhitespace = !0), state.pos++;
    }
  }
  function jsxReadString(quote) {
    for (state.pos++; ; ) {
      if (state.pos >= input.length) {
        unexpected("Unterminated string constant");
        return;
      }
      if (input.charCodeAt(state.pos) === quote) {
        state.pos++;
        break;
      }
      state.pos++;
    }
    finishToken(TokenType.string);
  }
  function jsxReadWord() {
    let ch;
    do {
      if (state.pos > input.length) {
        unexpected("Unexpectedly reached the end of input.");
        return;
      }
      ch = input.charCodeAt(++state.pos);
    } while (IS_IDENTIFIER_CHAR[ch] || ch === charCodes.dash);
    finishToken(TokenType.jsxName);
  }
  function jsxParseIdentifier() {
    nextJSXTagToken();
  }
  function jsxParseNamespacedName(identifierRole) {
    if (jsxParseIdentifier(), !eat(TokenType.colon)) {
      state.tokens[state.tokens.length - 1].identifierRole = identifierRole;
      return;
    }
    jsxParseIdentifier();
  }
  function jsxParseElementName() {
    let firstTokenIndex = state.tokens.length;
    jsxParseNamespacedName(IdentifierRole.Access);
    let hadDot = !1;
    for (; match(TokenType.dot); )
      hadDot = !0, nextJSXTagToken(), jsxParseIdentifier();
    if (!hadDot) {
      let firstToken = state.tokens[firstTokenIndex], firstChar = input.charCodeAt(firstToken.start);
      firstChar >= charCodes.lowercaseA && firstChar <= charCodes.lowercaseZ && (firstToken.identifierRole = null);
    }
  }
  function jsxParseAttributeValue() {
    switch (state.type) {
      case TokenType.braceL:
        next(), parseExpression(), nextJSXTagToken();
        return;
      case TokenType.jsxTagStart:
        jsxParseElement(), nextJSXTagToken();
        return;
      case TokenType.string:
        nextJSXTagToken();
        return;
      default:
        unexpected("JSX value should be either an expression or a quoted JSX text");
    }
  }
  function jsxParseSpreadChild() {
    expect(TokenType.ellipsis), parseExpression();
  }
  function jsxParseOpeningElement(initialTokenIndex) {
    if (match(TokenType.jsxTagEnd))
      return !1;
    jsxParseElementName(), isTypeScriptEnabled && tsTryParseJSXTypeArgument();
    let hasSeenPropSpread = !1;
    for (; !match(TokenType.slash) && !match(TokenType.jsxTagEnd) && !state.error; ) {
      if (eat(TokenType.braceL)) {
        hasSeenPropSpread = !0, expect(TokenType.ellipsis), parseMaybeAssign(), nextJSXTagToken();
        continue;
      }
      hasSeenPropSpread && state.end - state.start === 3 && input.charCodeAt(state.start) === charCodes.lowercaseK && input.charCodeAt(state.start + 1) === charCodes.lowercaseE && input.charCodeAt(state.start + 2) === charCodes.lowercaseY && (state.tokens[initialTokenIndex].jsxRole = JSXRole.KeyAfterPropSpread), jsxParseNamespacedName(IdentifierRole.ObjectKey), match(TokenType.eq) && (nextJSXTagToken(), jsxParseAttributeValue());
    }
    let isSelfClosing = match(TokenType.slash);
    return isSelfClosing && nextJSXTagToken(), isSelfClosing;
  }
  function jsxParseClosingElement() {
    match(TokenType.jsxTagEnd) || jsxParseElementName();
  }
  function jsxParseElementAt() {
    let initialTokenIndex = state.tokens.length - 1;
    state.tokens[initialTokenIndex].jsxRole = JSXRole.NoChildren;
    let numExplicitChildren = 0;
    if (!jsxParseOpeningElement(initialTokenIndex))
      for (nextJSXExprToken(); ; )
        switch (state.type) {
          case TokenType.jsxTagStart:
            if (nextJSXTagToken(), match(TokenType.slash)) {
              nextJSXTagToken(), jsxParseClosingElement(), state.tokens[initialTokenIndex].jsxRole !== JSXRole.KeyAfterPropSpread && (numExplicitChildren === 1 ? state.tokens[initialTokenIndex].jsxRole = JSXRole.OneChild : numExplicitChildren > 1 && (state.tokens[initialTokenIndex].jsxRole = JSXRole.StaticChildren));
              return;
            }
            numExplicitChildren++, jsxParseElementAt(), nextJSXExprToken();
            break;
          case TokenType.jsxText:
            numExplicitChildren++, nextJSXExprToken();
            break;
          case TokenType.jsxEmptyText:
            nextJSXExprToken();
            break;
          case TokenType.braceL:
            next(), match(TokenType.ellipsis) ? (jsxParseSpreadChild(), nextJSXExprToken(), numExplicitChildren += 2) : (match(TokenType.braceR) || (numExplicitChildren++, parseExpression()), nextJSXExprToken());
            break;
          // istanbul ignore next - should never happen
          default:
            unexpected();
            return;
        }
  }
  function jsxParseElement() {
    nextJSXTagToken(), jsxParseElementAt();
  }
  function nextJSXTagToken() {
    state.tokens.push(new Token()), skipSpace(), state.start = state.pos;
    let code = input.charCodeAt(state.pos);
    if (IS_IDENTIFIER_START[code])
      jsxReadWord();
    else if (code === charCodes.quotationMark || code === charCodes.apostrophe)
      jsxReadString(code);
    else
      switch (++state.pos, code) {
        case charCodes.greaterThan:
          finishToken(TokenType.jsxTagEnd);
          break;
        case charCodes.lessThan:
          finishToken(TokenType.jsxTagStart);
          break;
        case charCodes.slash:
          finishToken(TokenType.slash);
          break;
        case charCodes.equalsTo:
          finishToken(TokenType.eq);
          break;
        case charCodes.leftCurlyBrace:
          finishToken(TokenType.braceL);
          break;
        case charCodes.dot:
          finishToken(TokenType.dot);
          break;
        case charCodes.colon:
          finishToken(TokenType.colon);
          break;
        default:
          unexpected();
      }
  }
  function nextJSXExprToken() {
    state.tokens.push(new Token()), state.start = state.pos, jsxReadToken();
  }
  var init_jsx = __esm({
    "node_modules/sucrase/dist/esm/parser/plugins/jsx/index.js"() {
      init_tokenizer();
      init_types();
      init_base();
      init_expression();
      init_util();
      init_charcodes();
      init_identifier();
      init_typescript();
    }
  });

  // node_modules/sucrase/dist/esm/parser/plugins/types.js
  function typedParseConditional(noIn) {
    if (match(TokenType.question)) {
      let nextType = lookaheadType();
      if (nextType === TokenType.colon || nextType === TokenType.comma || nextType === TokenType.parenR)
        return;
    }
    baseParseConditional(noIn);
  }
  function typedParseParenItem() {
    eatTypeToken(TokenType.question), match(TokenType.colon) && (isTypeScriptEnabled ? tsParseTypeAnnotation() : isFlowEnabled && flowParseTypeAnnotation());
  }
  var init_types2 = __esm({
    "node_modules/sucrase/dist/esm/parser/plugins/types.js"() {
      init_tokenizer();
      init_types();
      init_base();
      init_expression();
      init_flow();
      init_typescript();
    }
  });

  // node_modules/sucrase/dist/esm/parser/traverser/expression.js
  function parseExpression(noIn = !1) {
    if (parseMaybeAssign(noIn), match(TokenType.comma))
      for (; eat(TokenType.comma); )
        parseMaybeAssign(noIn);
  }
  function parseMaybeAssign(noIn = !1, isWithinParens = !1) {
    return isTypeScriptEnabled ? tsParseMaybeAssign(noIn, isWithinParens) : isFlowEnabled ? flowParseMaybeAssign(noIn, isWithinParens) : baseParseMaybeAssign(noIn, isWithinParens);
  }
  function baseParseMaybeAssign(noIn, isWithinParens) {
    if (match(TokenType._yield))
      return parseYield(), !1;
    (match(TokenType.parenL) || match(TokenType.name) || match(TokenType._yield)) && (state.potentialArrowAt = state.start);
    let wasArrow = parseMaybeConditional(noIn);
    return isWithinParens && parseParenItem(), state.type & TokenType.IS_ASSIGN ? (next(), parseMaybeAssign(noIn), !1) : wasArrow;
  }
  function parseMaybeConditional(noIn) {
    return parseExprOps(noIn) ? !0 : (parseConditional(noIn), !1);
  }
  function parseConditional(noIn) {
    isTypeScriptEnabled || isFlowEnabled ? typedParseConditional(noIn) : baseParseConditional(noIn);
  }
  function baseParseConditional(noIn) {
    eat(TokenType.question) && (parseMaybeAssign(), expect(TokenType.colon), parseMaybeAssign(noIn));
  }
  function parseExprOps(noIn) {
    let startTokenIndex = state.tokens.length;
    return parseMaybeUnary() ? !0 : (parseExprOp(startTokenIndex, -1, noIn), !1);
  }
  function parseExprOp(startTokenIndex, minPrec, noIn) {
    if (isTypeScriptEnabled && (TokenType._in & TokenType.PRECEDENCE_MASK) > minPrec && !hasPrecedingLineBreak() && (eatContextual(ContextualKeyword._as) || eatContextual(ContextualKeyword._satisfies))) {
      let oldIsType = pushTypeContext(1);
      tsParseType(), popTypeContext(oldIsType), rescan_gt(), parseExprOp(startTokenIndex, minPrec, noIn);
      return;
    }
    let prec = state.type & TokenType.PRECEDENCE_MASK;
    if (prec > 0 && (!noIn || !match(TokenType._in)) && prec > minPrec) {
      let op = state.type;
      next(), op === TokenType.nullishCoalescing && (state.tokens[state.tokens.length - 1].nullishStartIndex = startTokenIndex);
      let rhsStartTokenIndex = state.tokens.length;
      parseMaybeUnary(), parseExprOp(rhsStartTokenIndex, op & TokenType.IS_RIGHT_ASSOCIATIVE ? prec - 1 : prec, noIn), op === TokenType.nullishCoalescing && (state.tokens[startTokenIndex].numNullishCoalesceStarts++, state.tokens[state.tokens.length - 1].numNullishCoalesceEnds++), parseExprOp(startTokenIndex, minPrec, noIn);
    }
  }
  function parseMaybeUnary() {
    if (isTypeScriptEnabled && !isJSXEnabled && eat(TokenType.lessThan))
      return tsParseTypeAssertion(), !1;
    if (isContextual(ContextualKeyword._module) && lookaheadCharCode() === charCodes.leftCurlyBrace && !hasFollowingLineBreak())
      return parseModuleExpression(), !1;
    if (state.type & TokenType.IS_PREFIX)
      return next(), parseMaybeUnary(), !1;
    if (parseExprSubscripts())
      return !0;
    for (; state.type & TokenType.IS_POSTFIX && !canInsertSemicolon(); )
      state.type === TokenType.preIncDec && (state.type = TokenType.postIncDec), next();
    return !1;
  }
  function parseExprSubscripts() {
    let startTokenIndex = state.tokens.length;
    return parseExprAtom() ? !0 : (parseSubscripts(startTokenIndex), state.tokens.length > startTokenIndex && state.tokens[startTokenIndex].isOptionalChainStart && (state.tokens[state.tokens.length - 1].isOptionalChainEnd = !0), !1);
  }
  function parseSubscripts(startTokenIndex, noCalls = !1) {
    isFlowEnabled ? flowParseSubscripts(startTokenIndex, noCalls) : baseParseSubscripts(startTokenIndex, noCalls);
  }
  function baseParseSubscripts(startTokenIndex, noCalls = !1) {
    let stopState = new StopState(!1);
    do
      parseSubscript(startTokenIndex, noCalls, stopState);
    while (!stopState.stop && !state.error);
  }
  function parseSubscript(startTokenIndex, noCalls, stopState) {
    isTypeScriptEnabled ? tsParseSubscript(startTokenIndex, noCalls, stopState) : isFlowEnabled ? flowParseSubscript(startTokenIndex, noCalls, stopState) : baseParseSubscript(startTokenIndex, noCalls, stopState);
  }
  function baseParseSubscript(startTokenIndex, noCalls, stopState) {
    if (!noCalls && eat(TokenType.doubleColon))
      parseNoCallExpr(), stopState.stop = !0, parseSubscripts(startTokenIndex, noCalls);
    else if (match(TokenType.questionDot)) {
      if (state.tokens[startTokenIndex].isOptionalChainStart = !0, noCalls && lookaheadType() === TokenType.parenL) {
        stopState.stop = !0;
        return;
      }
      next(), state.tokens[state.tokens.length - 1].subscriptStartIndex = startTokenIndex, eat(TokenType.bracketL) ? (parseExpression(), expect(TokenType.bracketR)) : eat(TokenType.parenL) ? parseCallExpressionArguments() : parseMaybePrivateName();
    } else if (eat(TokenType.dot))
      state.tokens[state.tokens.length - 1].subscriptStartIndex = startTokenIndex, parseMaybePrivateName();
    else if (eat(TokenType.bracketL))
      state.tokens[state.tokens.length - 1].subscriptStartIndex = startTokenIndex, parseExpression(), expect(TokenType.bracketR);
    else if (!noCalls && match(TokenType.parenL))
      if (atPossibleAsync()) {
        let snapshot = state.snapshot(), asyncStartTokenIndex = state.tokens.length;
        next(), state.tokens[state.tokens.length - 1].subscriptStartIndex = startTokenIndex;
        let callContextId = getNextContextId();
        state.tokens[state.tokens.length - 1].contextId = callContextId, parseCallExpressionArguments(), state.tokens[state.tokens.length - 1].contextId = callContextId, shouldParseAsyncArrow() && (state.restoreFromSnapshot(snapshot), stopState.stop = !0, state.scopeDepth++, parseFunctionParams(), parseAsyncArrowFromCallExpression(asyncStartTokenIndex));
      } else {
        next(), state.tokens[state.tokens.length - 1].subscriptStartIndex = startTokenIndex;
        let callContextId = getNextContextId();
        state.tokens[state.tokens.length - 1].contextId = callContextId, parseCallExpressionArguments(), state.tokens[state.tokens.length - 1].contextId = callContextId;
      }
    else match(TokenType.backQuote) ? parseTemplate() : stopState.stop = !0;
  }
  function atPossibleAsync() {
    return state.tokens[state.tokens.length - 1].contextualKeyword === ContextualKeyword._async && !canInsertSemicolon();
  }
  function parseCallExpressionArguments() {
    let first = !0;
    for (; !eat(TokenType.parenR) && !state.error; ) {
      if (first)
        first = !1;
      else if (expect(TokenType.comma), eat(TokenType.parenR))
        break;
      parseExprListItem(!1);
    }
  }
  function shouldParseAsyncArrow() {
    return match(TokenType.colon) || match(TokenType.arrow);
  }
  function parseAsyncArrowFromCallExpression(startTokenIndex) {
    isTypeScriptEnabled ? tsStartParseAsyncArrowFromCallExpression() : isFlowEnabled && flowStartParseAsyncArrowFromCallExpression(), expect(TokenType.arrow), parseArrowExpression(startTokenIndex);
  }
  function parseNoCallExpr() {
    let startTokenIndex = state.tokens.length;
    parseExprAtom(), parseSubscripts(startTokenIndex, !0);
  }
  function parseExprAtom() {
    if (eat(TokenType.modulo))
      return parseIdentifier(), !1;
    if (match(TokenType.jsxText) || match(TokenType.jsxEmptyText))
      return parseLiteral(), !1;
    if (match(TokenType.lessThan) && isJSXEnabled)
      return state.type = TokenType.jsxTagStart, jsxParseElement(), next(), !1;
    let canBeArrow = state.potentialArrowAt === state.start;
    switch (state.type) {
      case TokenType.slash:
      case TokenType.assign:
        retokenizeSlashAsRegex();
      // Fall through.
      case TokenType._super:
      case TokenType._this:
      case TokenType.regexp:
      case TokenType.num:
      case TokenType.bigint:
      case TokenType.decimal:
      case TokenType.string:
      case TokenType._null:
      case TokenType._true:
      case TokenType._false:
        return next(), !1;
      case TokenType._import:
        return next(), match(TokenType.dot) && (state.tokens[state.tokens.length - 1].type = TokenType.name, next(), parseIdentifier()), !1;
      case TokenType.name: {
        let startTokenIndex = state.tokens.length, functionStart = state.start, contextualKeyword = state.contextualKeyword;
        return parseIdentifier(), contextualKeyword === ContextualKeyword._await ? (parseAwait(), !1) : contextualKeyword === ContextualKeyword._async && match(TokenType._function) && !canInsertSemicolon() ? (next(), parseFunction(functionStart, !1), !1) : canBeArrow && contextualKeyword === ContextualKeyword._async && !canInsertSemicolon() && match(TokenType.name) ? (state.scopeDepth++, parseBindingIdentifier(!1), expect(TokenType.arrow), parseArrowExpression(startTokenIndex), !0) : match(TokenType._do) && !canInsertSemicolon() ? (next(), parseBlock(), !1) : canBeArrow && !canInsertSemicolon() && match(TokenType.arrow) ? (state.scopeDepth++, markPriorBindingIdentifier(!1), expect(TokenType.arrow), parseArrowExpression(startTokenIndex), !0) : (state.tokens[state.tokens.length - 1].identifierRole = IdentifierRole.Access, !1);
      }
      case TokenType._do:
        return next(), parseBlock(), !1;
      case TokenType.parenL:
        return parseParenAndDistinguishExpression(canBeArrow);
      case TokenType.bracketL:
        return next(), parseExprList(TokenType.bracketR, !0), !1;
      case TokenType.braceL:
        return parseObj(!1, !1), !1;
      case TokenType._function:
        return parseFunctionExpression(), !1;
      case TokenType.at:
        parseDecorators();
      // Fall through.
      case TokenType._class:
        return parseClass(!1), !1;
      case TokenType._new:
        return parseNew(), !1;
      case TokenType.backQuote:
        return parseTemplate(), !1;
      case TokenType.doubleColon:
        return next(), parseNoCallExpr(), !1;
      case TokenType.hash: {
        let code = lookaheadCharCode();
        return IS_IDENTIFIER_START[code] || code === charCodes.backslash ? parseMaybePrivateName() : next(), !1;
      }
      default:
        return unexpected(), !1;
    }
  }
  function parseMaybePrivateName() {
    eat(TokenType.hash), parseIdentifier();
  }
  function parseFunctionExpression() {
    let functionStart = state.start;
    parseIdentifier(), eat(TokenType.dot) && parseIdentifier(), parseFunction(functionStart, !1);
  }
  function parseLiteral() {
    next();
  }
  function parseParenExpression() {
    expect(TokenType.parenL), parseExpression(), expect(TokenType.parenR);
  }
  function parseParenAndDistinguishExpression(canBeArrow) {
    let snapshot = state.snapshot(), startTokenIndex = state.tokens.length;
    expect(TokenType.parenL);
    let first = !0;
    for (; !match(TokenType.parenR) && !state.error; ) {
      if (first)
        first = !1;
      else if (expect(TokenType.comma), match(TokenType.parenR))
        break;
      if (match(TokenType.ellipsis)) {
        parseRest(
          !1
          /* isBlockScope */
        ), parseParenItem();
        break;
      } else
        parseMaybeAssign(!1, !0);
    }
    return expect(TokenType.parenR), canBeArrow && shouldParseArrow() && parseArrow() ? (state.restoreFromSnapshot(snapshot), state.scopeDepth++, parseFunctionParams(), parseArrow(), parseArrowExpression(startTokenIndex), state.error ? (state.restoreFromSnapshot(snapshot), parseParenAndDistinguishExpression(!1), !1) : !0) : !1;
  }
  function shouldParseArrow() {
    return match(TokenType.colon) || !canInsertSemicolon();
  }
  function parseArrow() {
    return isTypeScriptEnabled ? tsParseArrow() : isFlowEnabled ? flowParseArrow() : eat(TokenType.arrow);
  }
  function parseParenItem() {
    (isTypeScriptEnabled || isFlowEnabled) && typedParseParenItem();
  }
  function parseNew() {
    if (expect(TokenType._new), eat(TokenType.dot)) {
      parseIdentifier();
      return;
    }
    parseNewCallee(), isFlowEnabled && flowStartParseNewArguments(), eat(TokenType.parenL) && parseExprList(TokenType.parenR);
  }
  function parseNewCallee() {
    parseNoCallExpr(), eat(TokenType.questionDot);
  }
  function parseTemplate() {
    for (nextTemplateToken(), nextTemplateToken(); !match(TokenType.backQuote) && !state.error; )
      expect(TokenType.dollarBraceL), parseExpression(), nextTemplateToken(), nextTemplateToken();
    next();
  }
  function parseObj(isPattern, isBlockScope) {
    let contextId = getNextContextId(), first = !0;
    for (next(), state.tokens[state.tokens.length - 1].contextId = contextId; !eat(TokenType.braceR) && !state.error; ) {
      if (first)
        first = !1;
      else if (expect(TokenType.comma), eat(TokenType.braceR))
        break;
      let isGenerator = !1;
      if (match(TokenType.ellipsis)) {
        let previousIndex = state.tokens.length;
        if (parseSpread(), isPattern && (state.tokens.length === previousIndex + 2 && markPriorBindingIdentifier(isBlockScope), eat(TokenType.braceR)))
          break;
        continue;
      }
      isPattern || (isGenerator = eat(TokenType.star)), !isPattern && isContextual(ContextualKeyword._async) ? (isGenerator && unexpected(), parseIdentifier(), match(TokenType.colon) || match(TokenType.parenL) || match(TokenType.braceR) || match(TokenType.eq) || match(TokenType.comma) || (match(TokenType.star) && (next(), isGenerator = !0), parsePropertyName(contextId))) : parsePropertyName(contextId), parseObjPropValue(isPattern, isBlockScope, contextId);
    }
    state.tokens[state.tokens.length - 1].contextId = contextId;
  }
  function isGetterOrSetterMethod(isPattern) {
    return !isPattern && (match(TokenType.string) || // get "string"() {}
    match(TokenType.num) || // get 1() {}
    match(TokenType.bracketL) || // get ["string"]() {}
    match(TokenType.name) || // get foo() {}
    !!(state.type & TokenType.IS_KEYWORD));
  }
  function parseObjectMethod(isPattern, objectContextId) {
    let functionStart = state.start;
    return match(TokenType.parenL) ? (isPattern && unexpected(), parseMethod(
      functionStart,
      /* isConstructor */
      !1
    ), !0) : isGetterOrSetterMethod(isPattern) ? (parsePropertyName(objectContextId), parseMethod(
      functionStart,
      /* isConstructor */
      !1
    ), !0) : !1;
  }
  function parseObjectProperty(isPattern, isBlockScope) {
    if (eat(TokenType.colon)) {
      isPattern ? parseMaybeDefault(isBlockScope) : parseMaybeAssign(!1);
      return;
    }
    let identifierRole;
    isPattern ? state.scopeDepth === 0 ? identifierRole = IdentifierRole.ObjectShorthandTopLevelDeclaration : isBlockScope ? identifierRole = IdentifierRole.ObjectShorthandBlockScopedDeclaration : identifierRole = IdentifierRole.ObjectShorthandFunctionScopedDeclaration : identifierRole = IdentifierRole.ObjectShorthand, state.tokens[state.tokens.length - 1].identifierRole = identifierRole, parseMaybeDefault(isBlockScope, !0);
  }
  function parseObjPropValue(isPattern, isBlockScope, objectContextId) {
    isTypeScriptEnabled ? tsStartParseObjPropValue() : isFlowEnabled && flowStartParseObjPropValue(), parseObjectMethod(isPattern, objectContextId) || parseObjectProperty(isPattern, isBlockScope);
  }
  function parsePropertyName(objectContextId) {
    isFlowEnabled && flowParseVariance(), eat(TokenType.bracketL) ? (state.tokens[state.tokens.length - 1].contextId = objectContextId, parseMaybeAssign(), expect(TokenType.bracketR), state.tokens[state.tokens.length - 1].contextId = objectContextId) : (match(TokenType.num) || match(TokenType.string) || match(TokenType.bigint) || match(TokenType.decimal) ? parseExprAtom() : parseMaybePrivateName(), state.tokens[state.tokens.length - 1].identifierRole = IdentifierRole.ObjectKey, state.tokens[state.tokens.length - 1].contextId = objectContextId);
  }
  function parseMethod(functionStart, isConstructor) {
    let funcContextId = getNextContextId();
    state.scopeDepth++;
    let startTokenIndex = state.tokens.length;
    parseFunctionParams(isConstructor, funcContextId), parseFunctionBodyAndFinish(functionStart, funcContextId);
    let endTokenIndex = state.tokens.length;
    state.scopes.push(new Scope(startTokenIndex, endTokenIndex, !0)), state.scopeDepth--;
  }
  function parseArrowExpression(startTokenIndex) {
    parseFunctionBody(!0);
    let endTokenIndex = state.tokens.length;
    state.scopes.push(new Scope(startTokenIndex, endTokenIndex, !0)), state.scopeDepth--;
  }
  function parseFunctionBodyAndFinish(functionStart, funcContextId = 0) {
    isTypeScriptEnabled ? tsParseFunctionBodyAndFinish(functionStart, funcContextId) : isFlowEnabled ? flowParseFunctionBodyAndFinish(funcContextId) : parseFunctionBody(!1, funcContextId);
  }
  function parseFunctionBody(allowExpression, funcContextId = 0) {
    allowExpression && !match(TokenType.braceL) ? parseMaybeAssign() : parseBlock(!0, funcContextId);
  }
  function parseExprList(close, allowEmpty = !1) {
    let first = !0;
    for (; !eat(close) && !state.error; ) {
      if (first)
        first = !1;
      else if (expect(TokenType.comma), eat(close)) break;
      parseExprListItem(allowEmpty);
    }
  }
  function parseExprListItem(allowEmpty) {
    allowEmpty && match(TokenType.comma) || (match(TokenType.ellipsis) ? (parseSpread(), parseParenItem()) : match(TokenType.question) ? next() : parseMaybeAssign(!1, !0));
  }
  function parseIdentifier() {
    next(), state.tokens[state.tokens.length - 1].type = TokenType.name;
  }
  function parseAwait() {
    parseMaybeUnary();
  }
  function parseYield() {
    next(), !match(TokenType.semi) && !canInsertSemicolon() && (eat(TokenType.star), parseMaybeAssign());
  }
  function parseModuleExpression() {
    expectContextual(ContextualKeyword._module), expect(TokenType.braceL), parseBlockBody(TokenType.braceR);
  }
  var StopState, init_expression = __esm({
    "node_modules/sucrase/dist/esm/parser/traverser/expression.js"() {
      init_flow();
      init_jsx();
      init_types2();
      init_typescript();
      init_tokenizer();
      init_keywords();
      init_state();
      init_types();
      init_charcodes();
      init_identifier();
      init_base();
      init_lval();
      init_statement();
      init_util();
      StopState = class {
        constructor(stop) {
          this.stop = stop;
        }
      };
    }
  });

  // node_modules/sucrase/dist/esm/parser/plugins/flow.js
  function isMaybeDefaultImport(lookahead) {
    return (lookahead.type === TokenType.name || !!(lookahead.type & TokenType.IS_KEYWORD)) && lookahead.contextualKeyword !== ContextualKeyword._from;
  }
  function flowParseTypeInitialiser(tok) {
    let oldIsType = pushTypeContext(0);
    expect(tok || TokenType.colon), flowParseType(), popTypeContext(oldIsType);
  }
  function flowParsePredicate() {
    expect(TokenType.modulo), expectContextual(ContextualKeyword._checks), eat(TokenType.parenL) && (parseExpression(), expect(TokenType.parenR));
  }
  function flowParseTypeAndPredicateInitialiser() {
    let oldIsType = pushTypeContext(0);
    expect(TokenType.colon), match(TokenType.modulo) ? flowParsePredicate() : (flowParseType(), match(TokenType.modulo) && flowParsePredicate()), popTypeContext(oldIsType);
  }
  function flowParseDeclareClass() {
    next(), flowParseInterfaceish(
      /* isClass */
      !0
    );
  }
  function flowParseDeclareFunction() {
    next(), parseIdentifier(), match(TokenType.lessThan) && flowParseTypeParameterDeclaration(), expect(TokenType.parenL), flowParseFunctionTypeParams(), expect(TokenType.parenR), flowParseTypeAndPredicateInitialiser(), semicolon();
  }
  function flowParseDeclare() {
    match(TokenType._class) ? flowParseDeclareClass() : match(TokenType._function) ? flowParseDeclareFunction() : match(TokenType._var) ? flowParseDeclareVariable() : eatContextual(ContextualKeyword._module) ? eat(TokenType.dot) ? flowParseDeclareModuleExports() : flowParseDeclareModule() : isContextual(ContextualKeyword._type) ? flowParseDeclareTypeAlias() : isContextual(ContextualKeyword._opaque) ? flowParseDeclareOpaqueType() : isContextual(ContextualKeyword._interface) ? flowParseDeclareInterface() : match(TokenType._export) ? flowParseDeclareExportDeclaration() : unexpected();
  }
  function flowParseDeclareVariable() {
    next(), flowParseTypeAnnotatableIdentifier(), semicolon();
  }
  function flowParseDeclareModule() {
    for (match(TokenType.string) ? parseExprAtom() : parseIdentifier(), expect(TokenType.braceL); !match(TokenType.braceR) && !state.error; )
      match(TokenType._import) ? (next(), parseImport()) : unexpected();
    expect(TokenType.braceR);
  }
  function flowParseDeclareExportDeclaration() {
    expect(TokenType._export), eat(TokenType._default) ? match(TokenType._function) || match(TokenType._class) ? flowParseDeclare() : (flowParseType(), semicolon()) : match(TokenType._var) || // declare export var ...
    match(TokenType._function) || // declare export function ...
    match(TokenType._class) || // declare export class ...
    isContextual(ContextualKeyword._opaque) ? flowParseDeclare() : match(TokenType.star) || // declare export * from ''
    match(TokenType.braceL) || // declare export {} ...
    isContextual(ContextualKeyword._interface) || // declare export interface ...
    isContextual(ContextualKeyword._type) || // declare export type ...
    isContextual(ContextualKeyword._opaque) ? parseExport() : unexpected();
  }
  function flowParseDeclareModuleExports() {
    expectContextual(ContextualKeyword._exports), flowParseTypeAnnotation(), semicolon();
  }
  function flowParseDeclareTypeAlias() {
    next(), flowParseTypeAlias();
  }
  function flowParseDeclareOpaqueType() {
    next(), flowParseOpaqueType(!0);
  }
  function flowParseDeclareInterface() {
    next(), flowParseInterfaceish();
  }
  function flowParseInterfaceish(isClass = !1) {
    if (flowParseRestrictedIdentifier(), match(TokenType.lessThan) && flowParseTypeParameterDeclaration(), eat(TokenType._extends))
      do
        flowParseInterfaceExtends();
      while (!isClass && eat(TokenType.comma));
    if (isContextual(ContextualKeyword._mixins)) {
      next();
      do
        flowParseInterfaceExtends();
      while (eat(TokenType.comma));
    }
    if (isContextual(ContextualKeyword._implements)) {
      next();
      do
        flowParseInterfaceExtends();
      while (eat(TokenType.comma));
    }
    flowParseObjectType(isClass, !1, isClass);
  }
  function flowParseInterfaceExtends() {
    flowParseQualifiedTypeIdentifier(!1), match(TokenType.lessThan) && flowParseTypeParameterInstantiation();
  }
  function flowParseInterface() {
    flowParseInterfaceish();
  }
  function flowParseRestrictedIdentifier() {
    parseIdentifier();
  }
  function flowParseTypeAlias() {
    flowParseRestrictedIdentifier(), match(TokenType.lessThan) && flowParseTypeParameterDeclaration(), flowParseTypeInitialiser(TokenType.eq), semicolon();
  }
  function flowParseOpaqueType(declare) {
    expectContextual(ContextualKeyword._type), flowParseRestrictedIdentifier(), match(TokenType.lessThan) && flowParseTypeParameterDeclaration(), match(TokenType.colon) && flowParseTypeInitialiser(TokenType.colon), declare || flowParseTypeInitialiser(TokenType.eq), semicolon();
  }
  function flowParseTypeParameter() {
    flowParseVariance(), flowParseTypeAnnotatableIdentifier(), eat(TokenType.eq) && flowParseType();
  }
  function flowParseTypeParameterDeclaration() {
    let oldIsType = pushTypeContext(0);
    match(TokenType.lessThan) || match(TokenType.typeParameterStart) ? next() : unexpected();
    do
      flowParseTypeParameter(), match(TokenType.greaterThan) || expect(TokenType.comma);
    while (!match(TokenType.greaterThan) && !state.error);
    expect(TokenType.greaterThan), popTypeContext(oldIsType);
  }
  function flowParseTypeParameterInstantiation() {
    let oldIsType = pushTypeContext(0);
    for (expect(TokenType.lessThan); !match(TokenType.greaterThan) && !state.error; )
      flowParseType(), match(TokenType.greaterThan) || expect(TokenType.comma);
    expect(TokenType.greaterThan), popTypeContext(oldIsType);
  }
  function flowParseInterfaceType() {
    if (expectContextual(ContextualKeyword._interface), eat(TokenType._extends))
      do
        flowParseInterfaceExtends();
      while (eat(TokenType.comma));
    flowParseObjectType(!1, !1, !1);
  }
  function flowParseObjectPropertyKey() {
    match(TokenType.num) || match(TokenType.string) ? parseExprAtom() : parseIdentifier();
  }
  function flowParseObjectTypeIndexer() {
    lookaheadType() === TokenType.colon ? (flowParseObjectPropertyKey(), flowParseTypeInitialiser()) : flowParseType(), expect(TokenType.bracketR), flowParseTypeInitialiser();
  }
  function flowParseObjectTypeInternalSlot() {
    flowParseObjectPropertyKey(), expect(TokenType.bracketR), expect(TokenType.bracketR), match(TokenType.lessThan) || match(TokenType.parenL) ? flowParseObjectTypeMethodish() : (eat(TokenType.question), flowParseTypeInitialiser());
  }
  function flowParseObjectTypeMethodish() {
    for (match(TokenType.lessThan) && flowParseTypeParameterDeclaration(), expect(TokenType.parenL); !match(TokenType.parenR) && !match(TokenType.ellipsis) && !state.error; )
      flowParseFunctionTypeParam(), match(TokenType.parenR) || expect(TokenType.comma);
    eat(TokenType.ellipsis) && flowParseFunctionTypeParam(), expect(TokenType.parenR), flowParseTypeInitialiser();
  }
  function flowParseObjectTypeCallProperty() {
    flowParseObjectTypeMethodish();
  }
  function flowParseObjectType(allowStatic, allowExact, allowProto) {
    let endDelim;
    for (allowExact && match(TokenType.braceBarL) ? (expect(TokenType.braceBarL), endDelim = TokenType.braceBarR) : (expect(TokenType.braceL), endDelim = TokenType.braceR); !match(endDelim) && !state.error; ) {
      if (allowProto && isContextual(ContextualKeyword._proto)) {
        let lookahead = lookaheadType();
        lookahead !== TokenType.colon && lookahead !== TokenType.question && (next(), allowStatic = !1);
      }
      if (allowStatic && isContextual(ContextualKeyword._static)) {
        let lookahead = lookaheadType();
        lookahead !== TokenType.colon && lookahead !== TokenType.question && next();
      }
      if (flowParseVariance(), eat(TokenType.bracketL))
        eat(TokenType.bracketL) ? flowParseObjectTypeInternalSlot() : flowParseObjectTypeIndexer();
      else if (match(TokenType.parenL) || match(TokenType.lessThan))
        flowParseObjectTypeCallProperty();
      else {
        if (isContextual(ContextualKeyword._get) || isContextual(ContextualKeyword._set)) {
          let lookahead = lookaheadType();
          (lookahead === TokenType.name || lookahead === TokenType.string || lookahead === TokenType.num) && next();
        }
        flowParseObjectTypeProperty();
      }
      flowObjectTypeSemicolon();
    }
    expect(endDelim);
  }
  function flowParseObjectTypeProperty() {
    if (match(TokenType.ellipsis)) {
      if (expect(TokenType.ellipsis), eat(TokenType.comma) || eat(TokenType.semi), match(TokenType.braceR))
        return;
      flowParseType();
    } else
      flowParseObjectPropertyKey(), match(TokenType.lessThan) || match(TokenType.parenL) ? flowParseObjectTypeMethodish() : (eat(TokenType.question), flowParseTypeInitialiser());
  }
  function flowObjectTypeSemicolon() {
    !eat(TokenType.semi) && !eat(TokenType.comma) && !match(TokenType.braceR) && !match(TokenType.braceBarR) && unexpected();
  }
  function flowParseQualifiedTypeIdentifier(initialIdAlreadyParsed) {
    for (initialIdAlreadyParsed || parseIdentifier(); eat(TokenType.dot); )
      parseIdentifier();
  }
  function flowParseGenericType() {
    flowParseQualifiedTypeIdentifier(!0), match(TokenType.lessThan) && flowParseTypeParameterInstantiation();
  }
  function flowParseTypeofType() {
    expect(TokenType._typeof), flowParsePrimaryType();
  }
  function flowParseTupleType() {
    for (expect(TokenType.bracketL); state.pos < input.length && !match(TokenType.bracketR) && (flowParseType(), !match(TokenType.bracketR)); )
      expect(TokenType.comma);
    expect(TokenType.bracketR);
  }
  function flowParseFunctionTypeParam() {
    let lookahead = lookaheadType();
    lookahead === TokenType.colon || lookahead === TokenType.question ? (parseIdentifier(), eat(TokenType.question), flowParseTypeInitialiser()) : flowParseType();
  }
  function flowParseFunctionTypeParams() {
    for (; !match(TokenType.parenR) && !match(TokenType.ellipsis) && !state.error; )
      flowParseFunctionTypeParam(), match(TokenType.parenR) || expect(TokenType.comma);
    eat(TokenType.ellipsis) && flowParseFunctionTypeParam();
  }
  function flowParsePrimaryType() {
    let isGroupedType = !1, oldNoAnonFunctionType = state.noAnonFunctionType;
    switch (state.type) {
      case TokenType.name: {
        if (isContextual(ContextualKeyword._interface)) {
          flowParseInterfaceType();
          return;
        }
        parseIdentifier(), flowParseGenericType();
        return;
      }
      case TokenType.braceL:
        flowParseObjectType(!1, !1, !1);
        return;
      case TokenType.braceBarL:
        flowParseObjectType(!1, !0, !1);
        return;
      case TokenType.bracketL:
        flowParseTupleType();
        return;
      case TokenType.lessThan:
        flowParseTypeParameterDeclaration(), expect(TokenType.parenL), flowParseFunctionTypeParams(), expect(TokenType.parenR), expect(TokenType.arrow), flowParseType();
        return;
      case TokenType.parenL:
        if (next(), !match(TokenType.parenR) && !match(TokenType.ellipsis))
          if (match(TokenType.name)) {
            let token = lookaheadType();
            isGroupedType = token !== TokenType.question && token !== TokenType.colon;
          } else
            isGroupedType = !0;
        if (isGroupedType)
          if (state.noAnonFunctionType = !1, flowParseType(), state.noAnonFunctionType = oldNoAnonFunctionType, state.noAnonFunctionType || !(match(TokenType.comma) || match(TokenType.parenR) && lookaheadType() === TokenType.arrow)) {
            expect(TokenType.parenR);
            return;
          } else
            eat(TokenType.comma);
        flowParseFunctionTypeParams(), expect(TokenType.parenR), expect(TokenType.arrow), flowParseType();
        return;
      case TokenType.minus:
        next(), parseLiteral();
        return;
      case TokenType.string:
      case TokenType.num:
      case TokenType._true:
      case TokenType._false:
      case TokenType._null:
      case TokenType._this:
      case TokenType._void:
      case TokenType.star:
        next();
        return;
      default:
        if (state.type === TokenType._typeof) {
          flowParseTypeofType();
          return;
        } else if (state.type & TokenType.IS_KEYWORD) {
          next(), state.tokens[state.tokens.length - 1].type = TokenType.name;
          return;
        }
    }
    unexpected();
  }
  function flowParsePostfixType() {
    for (flowParsePrimaryType(); !canInsertSemicolon() && (match(TokenType.bracketL) || match(TokenType.questionDot)); )
      eat(TokenType.questionDot), expect(TokenType.bracketL), eat(TokenType.bracketR) || (flowParseType(), expect(TokenType.bracketR));
  }
  function flowParsePrefixType() {
    eat(TokenType.question) ? flowParsePrefixType() : flowParsePostfixType();
  }
  function flowParseAnonFunctionWithoutParens() {
    flowParsePrefixType(), !state.noAnonFunctionType && eat(TokenType.arrow) && flowParseType();
  }
  function flowParseIntersectionType() {
    for (eat(TokenType.bitwiseAND), flowParseAnonFunctionWithoutParens(); eat(TokenType.bitwiseAND); )
      flowParseAnonFunctionWithoutParens();
  }
  function flowParseUnionType() {
    for (eat(TokenType.bitwiseOR), flowParseIntersectionType(); eat(TokenType.bitwiseOR); )
      flowParseIntersectionType();
  }
  function flowParseType() {
    flowParseUnionType();
  }
  function flowParseTypeAnnotation() {
    flowParseTypeInitialiser();
  }
  function flowParseTypeAnnotatableIdentifier() {
    parseIdentifier(), match(TokenType.colon) && flowParseTypeAnnotation();
  }
  function flowParseVariance() {
    (match(TokenType.plus) || match(TokenType.minus)) && (next(), state.tokens[state.tokens.length - 1].isType = !0);
  }
  function flowParseFunctionBodyAndFinish(funcContextId) {
    match(TokenType.colon) && flowParseTypeAndPredicateInitialiser(), parseFunctionBody(!1, funcContextId);
  }
  function flowParseSubscript(startTokenIndex, noCalls, stopState) {
    if (match(TokenType.questionDot) && lookaheadType() === TokenType.lessThan) {
      if (noCalls) {
        stopState.stop = !0;
        return;
      }
      next(), flowParseTypeParameterInstantiation(), expect(TokenType.parenL), parseCallExpressionArguments();
      return;
    } else if (!noCalls && match(TokenType.lessThan)) {
      let snapshot = state.snapshot();
      if (flowParseTypeParameterInstantiation(), expect(TokenType.parenL), parseCallExpressionArguments(), state.error)
        state.restoreFromSnapshot(snapshot);
      else
        return;
    }
    baseParseSubscript(startTokenIndex, noCalls, stopState);
  }
  function flowStartParseNewArguments() {
    if (match(TokenType.lessThan)) {
      let snapshot = state.snapshot();
      flowParseTypeParameterInstantiation(), state.error && state.restoreFromSnapshot(snapshot);
    }
  }
  function flowTryParseStatement() {
    if (match(TokenType.name) && state.contextualKeyword === ContextualKeyword._interface) {
      let oldIsType = pushTypeContext(0);
      return next(), flowParseInterface(), popTypeContext(oldIsType), !0;
    } else if (isContextual(ContextualKeyword._enum))
      return flowParseEnumDeclaration(), !0;
    return !1;
  }
  function flowTryParseExportDefaultExpression() {
    return isContextual(ContextualKeyword._enum) ? (flowParseEnumDeclaration(), !0) : !1;
  }
  function flowParseIdentifierStatement(contextualKeyword) {
    if (contextualKeyword === ContextualKeyword._declare) {
      if (match(TokenType._class) || match(TokenType.name) || match(TokenType._function) || match(TokenType._var) || match(TokenType._export)) {
        let oldIsType = pushTypeContext(1);
        flowParseDeclare(), popTypeContext(oldIsType);
      }
    } else if (match(TokenType.name)) {
      if (contextualKeyword === ContextualKeyword._interface) {
        let oldIsType = pushTypeContext(1);
        flowParseInterface(), popTypeContext(oldIsType);
      } else if (contextualKeyword === ContextualKeyword._type) {
        let oldIsType = pushTypeContext(1);
        flowParseTypeAlias(), popTypeContext(oldIsType);
      } else if (contextualKeyword === ContextualKeyword._opaque) {
        let oldIsType = pushTypeContext(1);
        flowParseOpaqueType(!1), popTypeContext(oldIsType);
      }
    }
    semicolon();
  }
  function flowShouldParseExportDeclaration() {
    return isContextual(ContextualKeyword._type) || isContextual(ContextualKeyword._interface) || isContextual(ContextualKeyword._opaque) || isContextual(ContextualKeyword._enum);
  }
  function flowShouldDisallowExportDefaultSpecifier() {
    return match(TokenType.name) && (state.contextualKeyword === ContextualKeyword._type || state.contextualKeyword === ContextualKeyword._interface || state.contextualKeyword === ContextualKeyword._opaque || state.contextualKeyword === ContextualKeyword._enum);
  }
  function flowParseExportDeclaration() {
    if (isContextual(ContextualKeyword._type)) {
      let oldIsType = pushTypeContext(1);
      next(), match(TokenType.braceL) ? (parseExportSpecifiers(), parseExportFrom()) : flowParseTypeAlias(), popTypeContext(oldIsType);
    } else if (isContextual(ContextualKeyword._opaque)) {
      let oldIsType = pushTypeContext(1);
      next(), flowParseOpaqueType(!1), popTypeContext(oldIsType);
    } else if (isContextual(ContextualKeyword._interface)) {
      let oldIsType = pushTypeContext(1);
      next(), flowParseInterface(), popTypeContext(oldIsType);
    } else
      parseStatement(!0);
  }
  function flowShouldParseExportStar() {
    return match(TokenType.star) || isContextual(ContextualKeyword._type) && lookaheadType() === TokenType.star;
  }
  function flowParseExportStar() {
    if (eatContextual(ContextualKeyword._type)) {
      let oldIsType = pushTypeContext(2);
      baseParseExportStar(), popTypeContext(oldIsType);
    } else
      baseParseExportStar();
  }
  function flowAfterParseClassSuper(hasSuper) {
    if (hasSuper && match(TokenType.lessThan) && flowParseTypeParameterInstantiation(), isContextual(ContextualKeyword._implements)) {
      let oldIsType = pushTypeContext(0);
      next(), state.tokens[state.tokens.length - 1].type = TokenType._implements;
      do
        flowParseRestrictedIdentifier(), match(TokenType.lessThan) && flowParseTypeParameterInstantiation();
      while (eat(TokenType.comma));
      popTypeContext(oldIsType);
    }
  }
  function flowStartParseObjPropValue() {
    match(TokenType.lessThan) && (flowParseTypeParameterDeclaration(), match(TokenType.parenL) || unexpected());
  }
  function flowParseAssignableListItemTypes() {
    let oldIsType = pushTypeContext(0);
    eat(TokenType.question), match(TokenType.colon) && flowParseTypeAnnotation(), popTypeContext(oldIsType);
  }
  function flowStartParseImportSpecifiers() {
    if (match(TokenType._typeof) || isContextual(ContextualKeyword._type)) {
      let lh = lookaheadTypeAndKeyword();
      (isMaybeDefaultImport(lh) || lh.type === TokenType.braceL || lh.type === TokenType.star) && next();
    }
  }
  function flowParseImportSpecifier() {
    let isTypeKeyword = state.contextualKeyword === ContextualKeyword._type || state.type === TokenType._typeof;
    isTypeKeyword ? next() : parseIdentifier(), isContextual(ContextualKeyword._as) && !isLookaheadContextual(ContextualKeyword._as) ? (parseIdentifier(), isTypeKeyword && !match(TokenType.name) && !(state.type & TokenType.IS_KEYWORD) || parseIdentifier()) : (isTypeKeyword && (match(TokenType.name) || state.type & TokenType.IS_KEYWORD) && parseIdentifier(), eatContextual(ContextualKeyword._as) && parseIdentifier());
  }
  function flowStartParseFunctionParams() {
    if (match(TokenType.lessThan)) {
      let oldIsType = pushTypeContext(0);
      flowParseTypeParameterDeclaration(), popTypeContext(oldIsType);
    }
  }
  function flowAfterParseVarHead() {
    match(TokenType.colon) && flowParseTypeAnnotation();
  }
  function flowStartParseAsyncArrowFromCallExpression() {
    if (match(TokenType.colon)) {
      let oldNoAnonFunctionType = state.noAnonFunctionType;
      state.noAnonFunctionType = !0, flowParseTypeAnnotation(), state.noAnonFunctionType = oldNoAnonFunctionType;
    }
  }
  function flowParseMaybeAssign(noIn, isWithinParens) {
    if (match(TokenType.lessThan)) {
      let snapshot = state.snapshot(), wasArrow = baseParseMaybeAssign(noIn, isWithinParens);
      if (state.error)
        state.restoreFromSnapshot(snapshot), state.type = TokenType.typeParameterStart;
      else
        return wasArrow;
      let oldIsType = pushTypeContext(0);
      if (flowParseTypeParameterDeclaration(), popTypeContext(oldIsType), wasArrow = baseParseMaybeAssign(noIn, isWithinParens), wasArrow)
        return !0;
      unexpected();
    }
    return baseParseMaybeAssign(noIn, isWithinParens);
  }
  function flowParseArrow() {
    if (match(TokenType.colon)) {
      let oldIsType = pushTypeContext(0), snapshot = state.snapshot(), oldNoAnonFunctionType = state.noAnonFunctionType;
      state.noAnonFunctionType = !0, flowParseTypeAndPredicateInitialiser(), state.noAnonFunctionType = oldNoAnonFunctionType, canInsertSemicolon() && unexpected(), match(TokenType.arrow) || unexpected(), state.error && state.restoreFromSnapshot(snapshot), popTypeContext(oldIsType);
    }
    return eat(TokenType.arrow);
  }
  function flowParseSubscripts(startTokenIndex, noCalls = !1) {
    if (state.tokens[state.tokens.length - 1].contextualKeyword === ContextualKeyword._async && match(TokenType.lessThan)) {
      let snapshot = state.snapshot();
      if (parseAsyncArrowWithTypeParameters() && !state.error)
        return;
      state.restoreFromSnapshot(snapshot);
    }
    baseParseSubscripts(startTokenIndex, noCalls);
  }
  function parseAsyncArrowWithTypeParameters() {
    state.scopeDepth++;
    let startTokenIndex = state.tokens.length;
    return parseFunctionParams(), parseArrow() ? (parseArrowExpression(startTokenIndex), !0) : !1;
  }
  function flowParseEnumDeclaration() {
    expectContextual(ContextualKeyword._enum), state.tokens[state.tokens.length - 1].type = TokenType._enum, parseIdentifier(), flowParseEnumBody();
  }
  function flowParseEnumBody() {
    eatContextual(ContextualKeyword._of) && next(), expect(TokenType.braceL), flowParseEnumMembers(), expect(TokenType.braceR);
  }
  function flowParseEnumMembers() {
    for (; !match(TokenType.braceR) && !state.error && !eat(TokenType.ellipsis); )
      flowParseEnumMember(), match(TokenType.braceR) || expect(TokenType.comma);
  }
  function flowParseEnumMember() {
    parseIdentifier(), eat(TokenType.eq) && next();
  }
  var init_flow = __esm({
    "node_modules/sucrase/dist/esm/parser/plugins/flow.js"() {
      init_tokenizer();
      init_keywords();
      init_types();
      init_base();
      init_expression();
      init_statement();
      init_util();
    }
  });

  // node_modules/sucrase/dist/esm/parser/traverser/statement.js
  function parseTopLevel() {
    if (parseBlockBody(TokenType.eof), state.scopes.push(new Scope(0, state.tokens.length, !0)), state.scopeDepth !== 0)
      throw new Error(`Invalid scope depth at end of file: ${state.scopeDepth}`);
    return new File(state.tokens, state.scopes);
  }
  function parseStatement(declaration) {
    isFlowEnabled && flowTryParseStatement() || (match(TokenType.at) && parseDecorators(), parseStatementContent(declaration));
  }
  function parseStatementContent(declaration) {
    if (isTypeScriptEnabled && tsTryParseStatementContent())
      return;
    let starttype = state.type;
    switch (starttype) {
      case TokenType._break:
      case TokenType._continue:
        parseBreakContinueStatement();
        return;
      case TokenType._debugger:
        parseDebuggerStatement();
        return;
      case TokenType._do:
        parseDoStatement();
        return;
      case TokenType._for:
        parseForStatement();
        return;
      case TokenType._function:
        if (lookaheadType() === TokenType.dot) break;
        declaration || unexpected(), parseFunctionStatement();
        return;
      case TokenType._class:
        declaration || unexpected(), parseClass(!0);
        return;
      case TokenType._if:
        parseIfStatement();
        return;
      case TokenType._return:
        parseReturnStatement();
        return;
      case TokenType._switch:
        parseSwitchStatement();
        return;
      case TokenType._throw:
        parseThrowStatement();
        return;
      case TokenType._try:
        parseTryStatement();
        return;
      case TokenType._let:
      case TokenType._const:
        declaration || unexpected();
      // NOTE: falls through to _var
      case TokenType._var:
        parseVarStatement(starttype !== TokenType._var);
        return;
      case TokenType._while:
        parseWhileStatement();
        return;
      case TokenType.braceL:
        parseBlock();
        return;
      case TokenType.semi:
        parseEmptyStatement();
        return;
      case TokenType._export:
      case TokenType._import: {
        let nextType = lookaheadType();
        if (nextType === TokenType.parenL || nextType === TokenType.dot)
          break;
        next(), starttype === TokenType._import ? parseImport() : parseExport();
        return;
      }
      case TokenType.name:
        if (state.contextualKeyword === ContextualKeyword._async) {
          let functionStart = state.start, snapshot = state.snapshot();
          if (next(), match(TokenType._function) && !canInsertSemicolon()) {
            expect(TokenType._function), parseFunction(functionStart, !0);
            return;
          } else
            state.restoreFromSnapshot(snapshot);
        } else if (state.contextualKeyword === ContextualKeyword._using && !hasFollowingLineBreak() && // Statements like `using[0]` and `using in foo` aren't actual using
        // declarations.
        lookaheadType() === TokenType.name) {
          parseVarStatement(!0);
          return;
        } else if (startsAwaitUsing()) {
          expectContextual(ContextualKeyword._await), parseVarStatement(!0);
          return;
        }
      default:
        break;
    }
    let initialTokensLength = state.tokens.length;
    parseExpression();
    let simpleName = null;
    if (state.tokens.length === initialTokensLength + 1) {
      let token = state.tokens[state.tokens.length - 1];
      token.type === TokenType.name && (simpleName = token.contextualKeyword);
    }
    if (simpleName == null) {
      semicolon();
      return;
    }
    eat(TokenType.colon) ? parseLabeledStatement() : parseIdentifierStatement(simpleName);
  }
  function startsAwaitUsing() {
    if (!isContextual(ContextualKeyword._await))
      return !1;
    let snapshot = state.snapshot();
    return next(), !isContextual(ContextualKeyword._using) || hasPrecedingLineBreak() ? (state.restoreFromSnapshot(snapshot), !1) : (next(), !match(TokenType.name) || hasPrecedingLineBreak() ? (state.restoreFromSnapshot(snapshot), !1) : (state.restoreFromSnapshot(snapshot), !0));
  }
  function parseDecorators() {
    for (; match(TokenType.at); )
      parseDecorator();
  }
  function parseDecorator() {
    if (next(), eat(TokenType.parenL))
      parseExpression(), expect(TokenType.parenR);
    else {
      for (parseIdentifier(); eat(TokenType.dot); )
        parseIdentifier();
      parseMaybeDecoratorArguments();
    }
  }
  function parseMaybeDecoratorArguments() {
    isTypeScriptEnabled ? tsParseMaybeDecoratorArguments() : baseParseMaybeDecoratorArguments();
  }
  function baseParseMaybeDecoratorArguments() {
    eat(TokenType.parenL) && parseCallExpressionArguments();
  }
  function parseBreakContinueStatement() {
    next(), isLineTerminator() || (parseIdentifier(), semicolon());
  }
  function parseDebuggerStatement() {
    next(), semicolon();
  }
  function parseDoStatement() {
    next(), parseStatement(!1), expect(TokenType._while), parseParenExpression(), eat(TokenType.semi);
  }
  function parseForStatement() {
    state.scopeDepth++;
    let startTokenIndex = state.tokens.length;
    parseAmbiguousForStatement();
    let endTokenIndex = state.tokens.length;
    state.scopes.push(new Scope(startTokenIndex, endTokenIndex, !1)), state.scopeDepth--;
  }
  function isUsingInLoop() {
    return !(!isContextual(ContextualKeyword._using) || isLookaheadContextual(ContextualKeyword._of));
  }
  function parseAmbiguousForStatement() {
    next();
    let forAwait = !1;
    if (isContextual(ContextualKeyword._await) && (forAwait = !0, next()), expect(TokenType.parenL), match(TokenType.semi)) {
      forAwait && unexpected(), parseFor();
      return;
    }
    let isAwaitUsing = startsAwaitUsing();
    if (isAwaitUsing || match(TokenType._var) || match(TokenType._let) || match(TokenType._const) || isUsingInLoop()) {
      if (isAwaitUsing && expectContextual(ContextualKeyword._await), next(), parseVar(!0, state.type !== TokenType._var), match(TokenType._in) || isContextual(ContextualKeyword._of)) {
        parseForIn(forAwait);
        return;
      }
      parseFor();
      return;
    }
    if (parseExpression(!0), match(TokenType._in) || isContextual(ContextualKeyword._of)) {
      parseForIn(forAwait);
      return;
    }
    forAwait && unexpected(), parseFor();
  }
  function parseFunctionStatement() {
    let functionStart = state.start;
    next(), parseFunction(functionStart, !0);
  }
  function parseIfStatement() {
    next(), parseParenExpression(), parseStatement(!1), eat(TokenType._else) && parseStatement(!1);
  }
  function parseReturnStatement() {
    next(), isLineTerminator() || (parseExpression(), semicolon());
  }
  function parseSwitchStatement() {
    next(), parseParenExpression(), state.scopeDepth++;
    let startTokenIndex = state.tokens.length;
    for (expect(TokenType.braceL); !match(TokenType.braceR) && !state.error; )
      if (match(TokenType._case) || match(TokenType._default)) {
        let isCase = match(TokenType._case);
        next(), isCase && parseExpression(), expect(TokenType.colon);
      } else
        parseStatement(!0);
    next();
    let endTokenIndex = state.tokens.length;
    state.scopes.push(new Scope(startTokenIndex, endTokenIndex, !1)), state.scopeDepth--;
  }
  function parseThrowStatement() {
    next(), parseExpression(), semicolon();
  }
  function parseCatchClauseParam() {
    parseBindingAtom(
      !0
      /* isBlockScope */
    ), isTypeScriptEnabled && tsTryParseTypeAnnotation();
  }
  function parseTryStatement() {
    if (next(), parseBlock(), match(TokenType._catch)) {
      next();
      let catchBindingStartTokenIndex = null;
      if (match(TokenType.parenL) && (state.scopeDepth++, catchBindingStartTokenIndex = state.tokens.length, expect(TokenType.parenL), parseCatchClauseParam(), expect(TokenType.parenR)), parseBlock(), catchBindingStartTokenIndex != null) {
        let endTokenIndex = state.tokens.length;
        state.scopes.push(new Scope(catchBindingStartTokenIndex, endTokenIndex, !1)), state.scopeDepth--;
      }
    }
    eat(TokenType._finally) && parseBlock();
  }
  function parseVarStatement(isBlockScope) {
    next(), parseVar(!1, isBlockScope), semicolon();
  }
  function parseWhileStatement() {
    next(), parseParenExpression(), parseStatement(!1);
  }
  function parseEmptyStatement() {
    next();
  }
  function parseLabeledStatement() {
    parseStatement(!0);
  }
  function parseIdentifierStatement(contextualKeyword) {
    isTypeScriptEnabled ? tsParseIdentifierStatement(contextualKeyword) : isFlowEnabled ? flowParseIdentifierStatement(contextualKeyword) : semicolon();
  }
  function parseBlock(isFunctionScope = !1, contextId = 0) {
    let startTokenIndex = state.tokens.length;
    state.scopeDepth++, expect(TokenType.braceL), contextId && (state.tokens[state.tokens.length - 1].contextId = contextId), parseBlockBody(TokenType.braceR), contextId && (state.tokens[state.tokens.length - 1].contextId = contextId);
    let endTokenIndex = state.tokens.length;
    state.scopes.push(new Scope(startTokenIndex, endTokenIndex, isFunctionScope)), state.scopeDepth--;
  }
  function parseBlockBody(end) {
    for (; !eat(end) && !state.error; )
      parseStatement(!0);
  }
  function parseFor() {
    expect(TokenType.semi), match(TokenType.semi) || parseExpression(), expect(TokenType.semi), match(TokenType.parenR) || parseExpression(), expect(TokenType.parenR), parseStatement(!1);
  }
  function parseForIn(forAwait) {
    forAwait ? eatContextual(ContextualKeyword._of) : next(), parseExpression(), expect(TokenType.parenR), parseStatement(!1);
  }
  function parseVar(isFor, isBlockScope) {
    for (; ; ) {
      if (parseVarHead(isBlockScope), eat(TokenType.eq)) {
        let eqIndex = state.tokens.length - 1;
        parseMaybeAssign(isFor), state.tokens[eqIndex].rhsEndIndex = state.tokens.length;
      }
      if (!eat(TokenType.comma))
        break;
    }
  }
  function parseVarHead(isBlockScope) {
    parseBindingAtom(isBlockScope), isTypeScriptEnabled ? tsAfterParseVarHead() : isFlowEnabled && flowAfterParseVarHead();
  }
  function parseFunction(functionStart, isStatement, optionalId = !1) {
    match(TokenType.star) && next(), isStatement && !optionalId && !match(TokenType.name) && !match(TokenType._yield) && unexpected();
    let nameScopeStartTokenIndex = null;
    match(TokenType.name) && (isStatement || (nameScopeStartTokenIndex = state.tokens.length, state.scopeDepth++), parseBindingIdentifier(!1));
    let startTokenIndex = state.tokens.length;
    state.scopeDepth++, parseFunctionParams(), parseFunctionBodyAndFinish(functionStart);
    let endTokenIndex = state.tokens.length;
    state.scopes.push(new Scope(startTokenIndex, endTokenIndex, !0)), state.scopeDepth--, nameScopeStartTokenIndex !== null && (state.scopes.push(new Scope(nameScopeStartTokenIndex, endTokenIndex, !0)), state.scopeDepth--);
  }
  function parseFunctionParams(allowModifiers = !1, funcContextId = 0) {
    isTypeScriptEnabled ? tsStartParseFunctionParams() : isFlowEnabled && flowStartParseFunctionParams(), expect(TokenType.parenL), funcContextId && (state.tokens[state.tokens.length - 1].contextId = funcContextId), parseBindingList(
      TokenType.parenR,
      !1,
      !1,
      allowModifiers,
      funcContextId
    ), funcContextId && (state.tokens[state.tokens.length - 1].contextId = funcContextId);
  }
  function parseClass(isStatement, optionalId = !1) {
    let contextId = getNextContextId();
    next(), state.tokens[state.tokens.length - 1].contextId = contextId, state.tokens[state.tokens.length - 1].isExpression = !isStatement;
    let nameScopeStartTokenIndex = null;
    isStatement || (nameScopeStartTokenIndex = state.tokens.length, state.scopeDepth++), parseClassId(isStatement, optionalId), parseClassSuper();
    let openBraceIndex = state.tokens.length;
    if (parseClassBody(contextId), !state.error && (state.tokens[openBraceIndex].contextId = contextId, state.tokens[state.tokens.length - 1].contextId = contextId, nameScopeStartTokenIndex !== null)) {
      let endTokenIndex = state.tokens.length;
      state.scopes.push(new Scope(nameScopeStartTokenIndex, endTokenIndex, !1)), state.scopeDepth--;
    }
  }
  function isClassProperty() {
    return match(TokenType.eq) || match(TokenType.semi) || match(TokenType.braceR) || match(TokenType.bang) || match(TokenType.colon);
  }
  function isClassMethod() {
    return match(TokenType.parenL) || match(TokenType.lessThan);
  }
  function parseClassBody(classContextId) {
    for (expect(TokenType.braceL); !eat(TokenType.braceR) && !state.error; ) {
      if (eat(TokenType.semi))
        continue;
      if (match(TokenType.at)) {
        parseDecorator();
        continue;
      }
      let memberStart = state.start;
      parseClassMember(memberStart, classContextId);
    }
  }
  function parseClassMember(memberStart, classContextId) {
    isTypeScriptEnabled && tsParseModifiers([
      ContextualKeyword._declare,
      ContextualKeyword._public,
      ContextualKeyword._protected,
      ContextualKeyword._private,
      ContextualKeyword._override
    ]);
    let isStatic = !1;
    if (match(TokenType.name) && state.contextualKeyword === ContextualKeyword._static) {
      if (parseIdentifier(), isClassMethod()) {
        parseClassMethod(
          memberStart,
          /* isConstructor */
          !1
        );
        return;
      } else if (isClassProperty()) {
        parseClassProperty();
        return;
      }
      if (state.tokens[state.tokens.length - 1].type = TokenType._static, isStatic = !0, match(TokenType.braceL)) {
        state.tokens[state.tokens.length - 1].contextId = classContextId, parseBlock();
        return;
      }
    }
    parseClassMemberWithIsStatic(memberStart, isStatic, classContextId);
  }
  function parseClassMemberWithIsStatic(memberStart, isStatic, classContextId) {
    if (isTypeScriptEnabled && tsTryParseClassMemberWithIsStatic(isStatic))
      return;
    if (eat(TokenType.star)) {
      parseClassPropertyName(classContextId), parseClassMethod(
        memberStart,
        /* isConstructor */
        !1
      );
      return;
    }
    parseClassPropertyName(classContextId);
    let isConstructor = !1, token = state.tokens[state.tokens.length - 1];
    token.contextualKeyword === ContextualKeyword._constructor && (isConstructor = !0), parsePostMemberNameModifiers(), isClassMethod() ? parseClassMethod(memberStart, isConstructor) : isClassProperty() ? parseClassProperty() : token.contextualKeyword === ContextualKeyword._async && !isLineTerminator() ? (state.tokens[state.tokens.length - 1].type = TokenType._async, match(TokenType.star) && next(), parseClassPropertyName(classContextId), parsePostMemberNameModifiers(), parseClassMethod(
      memberStart,
      !1
      /* isConstructor */
    )) : (token.contextualKeyword === ContextualKeyword._get || token.contextualKeyword === ContextualKeyword._set) && !(isLineTerminator() && match(TokenType.star)) ? (token.contextualKeyword === ContextualKeyword._get ? state.tokens[state.tokens.length - 1].type = TokenType._get : state.tokens[state.tokens.length - 1].type = TokenType._set, parseClassPropertyName(classContextId), parseClassMethod(
      memberStart,
      /* isConstructor */
      !1
    )) : token.contextualKeyword === ContextualKeyword._accessor && !isLineTerminator() ? (parseClassPropertyName(classContextId), parseClassProperty()) : isLineTerminator() ? parseClassProperty() : unexpected();
  }
  function parseClassMethod(functionStart, isConstructor) {
    isTypeScriptEnabled ? tsTryParseTypeParameters() : isFlowEnabled && match(TokenType.lessThan) && flowParseTypeParameterDeclaration(), parseMethod(functionStart, isConstructor);
  }
  function parseClassPropertyName(classContextId) {
    parsePropertyName(classContextId);
  }
  function parsePostMemberNameModifiers() {
    if (isTypeScriptEnabled) {
      let oldIsType = pushTypeContext(0);
      eat(TokenType.question), popTypeContext(oldIsType);
    }
  }
  function parseClassProperty() {
    if (isTypeScriptEnabled ? (eatTypeToken(TokenType.bang), tsTryParseTypeAnnotation()) : isFlowEnabled && match(TokenType.colon) && flowParseTypeAnnotation(), match(TokenType.eq)) {
      let equalsTokenIndex = state.tokens.length;
      next(), parseMaybeAssign(), state.tokens[equalsTokenIndex].rhsEndIndex = state.tokens.length;
    }
    semicolon();
  }
  function parseClassId(isStatement, optionalId = !1) {
    isTypeScriptEnabled && (!isStatement || optionalId) && isContextual(ContextualKeyword._implements) || (match(TokenType.name) && parseBindingIdentifier(!0), isTypeScriptEnabled ? tsTryParseTypeParameters() : isFlowEnabled && match(TokenType.lessThan) && flowParseTypeParameterDeclaration());
  }
  function parseClassSuper() {
    let hasSuper = !1;
    eat(TokenType._extends) ? (parseExprSubscripts(), hasSuper = !0) : hasSuper = !1, isTypeScriptEnabled ? tsAfterParseClassSuper(hasSuper) : isFlowEnabled && flowAfterParseClassSuper(hasSuper);
  }
  function parseExport() {
    let exportIndex = state.tokens.length - 1;
    isTypeScriptEnabled && tsTryParseExport() || (shouldParseExportStar() ? parseExportStar() : isExportDefaultSpecifier() ? (parseIdentifier(), match(TokenType.comma) && lookaheadType() === TokenType.star ? (expect(TokenType.comma), expect(TokenType.star), expectContextual(ContextualKeyword._as), parseIdentifier()) : parseExportSpecifiersMaybe(), parseExportFrom()) : eat(TokenType._default) ? parseExportDefaultExpression() : shouldParseExportDeclaration() ? parseExportDeclaration() : (parseExportSpecifiers(), parseExportFrom()), state.tokens[exportIndex].rhsEndIndex = state.tokens.length);
  }
  function parseExportDefaultExpression() {
    if (isTypeScriptEnabled && tsTryParseExportDefaultExpression() || isFlowEnabled && flowTryParseExportDefaultExpression())
      return;
    let functionStart = state.start;
    eat(TokenType._function) ? parseFunction(functionStart, !0, !0) : isContextual(ContextualKeyword._async) && lookaheadType() === TokenType._function ? (eatContextual(ContextualKeyword._async), eat(TokenType._function), parseFunction(functionStart, !0, !0)) : match(TokenType._class) ? parseClass(!0, !0) : match(TokenType.at) ? (parseDecorators(), parseClass(!0, !0)) : (parseMaybeAssign(), semicolon());
  }
  function parseExportDeclaration() {
    isTypeScriptEnabled ? tsParseExportDeclaration() : isFlowEnabled ? flowParseExportDeclaration() : parseStatement(!0);
  }
  function isExportDefaultSpecifier() {
    if (isTypeScriptEnabled && tsIsDeclarationStart())
      return !1;
    if (isFlowEnabled && flowShouldDisallowExportDefaultSpecifier())
      return !1;
    if (match(TokenType.name))
      return state.contextualKeyword !== ContextualKeyword._async;
    if (!match(TokenType._default))
      return !1;
    let _next = nextTokenStart(), lookahead = lookaheadTypeAndKeyword(), hasFrom = lookahead.type === TokenType.name && lookahead.contextualKeyword === ContextualKeyword._from;
    if (lookahead.type === TokenType.comma)
      return !0;
    if (hasFrom) {
      let nextAfterFrom = input.charCodeAt(nextTokenStartSince(_next + 4));
      return nextAfterFrom === charCodes.quotationMark || nextAfterFrom === charCodes.apostrophe;
    }
    return !1;
  }
  function parseExportSpecifiersMaybe() {
    eat(TokenType.comma) && parseExportSpecifiers();
  }
  function parseExportFrom() {
    eatContextual(ContextualKeyword._from) && (parseExprAtom(), maybeParseImportAttributes()), semicolon();
  }
  function shouldParseExportStar() {
    return isFlowEnabled ? flowShouldParseExportStar() : match(TokenType.star);
  }
  function parseExportStar() {
    isFlowEnabled ? flowParseExportStar() : baseParseExportStar();
  }
  function baseParseExportStar() {
    expect(TokenType.star), isContextual(ContextualKeyword._as) ? parseExportNamespace() : parseExportFrom();
  }
  function parseExportNamespace() {
    next(), state.tokens[state.tokens.length - 1].type = TokenType._as, parseIdentifier(), parseExportSpecifiersMaybe(), parseExportFrom();
  }
  function shouldParseExportDeclaration() {
    return isTypeScriptEnabled && tsIsDeclarationStart() || isFlowEnabled && flowShouldParseExportDeclaration() || state.type === TokenType._var || state.type === TokenType._const || state.type === TokenType._let || state.type === TokenType._function || state.type === TokenType._class || isContextual(ContextualKeyword._async) || match(TokenType.at);
  }
  function parseExportSpecifiers() {
    let first = !0;
    for (expect(TokenType.braceL); !eat(TokenType.braceR) && !state.error; ) {
      if (first)
        first = !1;
      else if (expect(TokenType.comma), eat(TokenType.braceR))
        break;
      parseExportSpecifier();
    }
  }
  function parseExportSpecifier() {
    if (isTypeScriptEnabled) {
      tsParseExportSpecifier();
      return;
    }
    parseIdentifier(), state.tokens[state.tokens.length - 1].identifierRole = IdentifierRole.ExportAccess, eatContextual(ContextualKeyword._as) && parseIdentifier();
  }
  function isImportReflection() {
    let snapshot = state.snapshot();
    return expectContextual(ContextualKeyword._module), eatContextual(ContextualKeyword._from) ? isContextual(ContextualKeyword._from) ? (state.restoreFromSnapshot(snapshot), !0) : (state.restoreFromSnapshot(snapshot), !1) : match(TokenType.comma) ? (state.restoreFromSnapshot(snapshot), !1) : (state.restoreFromSnapshot(snapshot), !0);
  }
  function parseMaybeImportReflection() {
    isContextual(ContextualKeyword._module) && isImportReflection() && next();
  }
  function parseImport() {
    if (isTypeScriptEnabled && match(TokenType.name) && lookaheadType() === TokenType.eq) {
      tsParseImportEqualsDeclaration();
      return;
    }
    if (isTypeScriptEnabled && isContextual(ContextualKeyword._type)) {
      let lookahead = lookaheadTypeAndKeyword();
      if (lookahead.type === TokenType.name && lookahead.contextualKeyword !== ContextualKeyword._from) {
        if (expectContextual(ContextualKeyword._type), lookaheadType() === TokenType.eq) {
          tsParseImportEqualsDeclaration();
          return;
        }
      } else (lookahead.type === TokenType.star || lookahead.type === TokenType.braceL) && expectContextual(ContextualKeyword._type);
    }
    match(TokenType.string) ? parseExprAtom() : (parseMaybeImportReflection(), parseImportSpecifiers(), expectContextual(ContextualKeyword._from), parseExprAtom()), maybeParseImportAttributes(), semicolon();
  }
  function shouldParseDefaultImport() {
    return match(TokenType.name);
  }
  function parseImportSpecifierLocal() {
    parseImportedIdentifier();
  }
  function parseImportSpecifiers() {
    isFlowEnabled && flowStartParseImportSpecifiers();
    let first = !0;
    if (!(shouldParseDefaultImport() && (parseImportSpecifierLocal(), !eat(TokenType.comma)))) {
      if (match(TokenType.star)) {
        next(), expectContextual(ContextualKeyword._as), parseImportSpecifierLocal();
        return;
      }
      for (expect(TokenType.braceL); !eat(TokenType.braceR) && !state.error; ) {
        if (first)
          first = !1;
        else if (eat(TokenType.colon) && unexpected(
          "ES2015 named imports do not destructure. Use another statement for destructuring after the import."
        ), expect(TokenType.comma), eat(TokenType.braceR))
          break;
        parseImportSpecifier();
      }
    }
  }
  function parseImportSpecifier() {
    if (isTypeScriptEnabled) {
      tsParseImportSpecifier();
      return;
    }
    if (isFlowEnabled) {
      flowParseImportSpecifier();
      return;
    }
    parseImportedIdentifier(), isContextual(ContextualKeyword._as) && (state.tokens[state.tokens.length - 1].identifierRole = IdentifierRole.ImportAccess, next(), parseImportedIdentifier());
  }
  function maybeParseImportAttributes() {
    (match(TokenType._with) || isContextual(ContextualKeyword._assert) && !hasPrecedingLineBreak()) && (next(), parseObj(!1, !1));
  }
  var init_statement = __esm({
    "node_modules/sucrase/dist/esm/parser/traverser/statement.js"() {
      init_parser();
      init_flow();
      init_typescript();
      init_tokenizer();
      init_keywords();
      init_state();
      init_types();
      init_charcodes();
      init_base();
      init_expression();
      init_lval();
      init_util();
    }
  });

  // node_modules/sucrase/dist/esm/parser/traverser/index.js
  function parseFile() {
    return state.pos === 0 && input.charCodeAt(0) === charCodes.numberSign && input.charCodeAt(1) === charCodes.exclamationMark && skipLineComment(2), nextToken(), parseTopLevel();
  }
  var init_traverser = __esm({
    "node_modules/sucrase/dist/esm/parser/traverser/index.js"() {
      init_tokenizer();
      init_charcodes();
      init_base();
      init_statement();
    }
  });

  // node_modules/sucrase/dist/esm/parser/index.js
  function parse(input2, isJSXEnabled2, isTypeScriptEnabled2, isFlowEnabled2) {
    if (isFlowEnabled2 && isTypeScriptEnabled2)
      throw new Error("Cannot combine flow and typescript plugins.");
    initParser(input2, isJSXEnabled2, isTypeScriptEnabled2, isFlowEnabled2);
    let result = parseFile();
    if (state.error)
      throw augmentError(state.error);
    return result;
  }
  var File, init_parser = __esm({
    "node_modules/sucrase/dist/esm/parser/index.js"() {
      init_base();
      init_traverser();
      File = class {
        constructor(tokens, scopes) {
          this.tokens = tokens, this.scopes = scopes;
        }
      };
    }
  });

  // node_modules/sucrase/dist/esm/util/isAsyncOperation.js
  function isAsyncOperation(tokens) {
    let index = tokens.currentIndex(), depth = 0, startToken = tokens.currentToken();
    do {
      let token = tokens.tokens[index];
      if (token.isOptionalChainStart && depth++, token.isOptionalChainEnd && depth--, depth += token.numNullishCoalesceStarts, depth -= token.numNullishCoalesceEnds, token.contextualKeyword === ContextualKeyword._await && token.identifierRole == null && token.scopeDepth === startToken.scopeDepth)
        return !0;
      index += 1;
    } while (depth > 0 && index < tokens.tokens.length);
    return !1;
  }
  var init_isAsyncOperation = __esm({
    "node_modules/sucrase/dist/esm/util/isAsyncOperation.js"() {
      init_keywords();
    }
  });

  // node_modules/sucrase/dist/esm/TokenProcessor.js
  var TokenProcessor, init_TokenProcessor = __esm({
    "node_modules/sucrase/dist/esm/TokenProcessor.js"() {
      init_types();
      init_isAsyncOperation();
      TokenProcessor = class _TokenProcessor {
        __init() {
          this.resultCode = "";
        }
        // Array mapping input token index to optional string index position in the
        // output code.
        __init2() {
          this.resultMappings = new Array(this.tokens.length);
        }
        __init3() {
          this.tokenIndex = 0;
        }
        constructor(code, tokens, isFlowEnabled2, disableESTransforms, helperManager) {
          this.code = code, this.tokens = tokens, this.isFlowEnabled = isFlowEnabled2, this.disableESTransforms = disableESTransforms, this.helperManager = helperManager, _TokenProcessor.prototype.__init.call(this), _TokenProcessor.prototype.__init2.call(this), _TokenProcessor.prototype.__init3.call(this);
        }
        /**
         * Snapshot the token state in a way that can be restored later, useful for
         * things like lookahead.
         *
         * resultMappings do not need to be copied since in all use cases, they will
         * be overwritten anyway after restore.
         */
        snapshot() {
          return {
            resultCode: this.resultCode,
            tokenIndex: this.tokenIndex
          };
        }
        restoreToSnapshot(snapshot) {
          this.resultCode = snapshot.resultCode, this.tokenIndex = snapshot.tokenIndex;
        }
        /**
         * Remove and return the code generated since the snapshot, leaving the
         * current token position in-place. Unlike most TokenProcessor operations,
         * this operation can result in input/output line number mismatches because
         * the removed code may contain newlines, so this operation should be used
         * sparingly.
         */
        dangerouslyGetAndRemoveCodeSinceSnapshot(snapshot) {
          let result = this.resultCode.slice(snapshot.resultCode.length);
          return this.resultCode = snapshot.resultCode, result;
        }
        reset() {
          this.resultCode = "", this.resultMappings = new Array(this.tokens.length), this.tokenIndex = 0;
        }
        matchesContextualAtIndex(index, contextualKeyword) {
          return this.matches1AtIndex(index, TokenType.name) && this.tokens[index].contextualKeyword === contextualKeyword;
        }
        identifierNameAtIndex(index) {
          return this.identifierNameForToken(this.tokens[index]);
        }
        identifierNameAtRelativeIndex(relativeIndex) {
          return this.identifierNameForToken(this.tokenAtRelativeIndex(relativeIndex));
        }
        identifierName() {
          return this.identifierNameForToken(this.currentToken());
        }
        identifierNameForToken(token) {
          return this.code.slice(token.start, token.end);
        }
        rawCodeForToken(token) {
          return this.code.slice(token.start, token.end);
        }
        stringValueAtIndex(index) {
          return this.stringValueForToken(this.tokens[index]);
        }
        stringValue() {
          return this.stringValueForToken(this.currentToken());
        }
        stringValueForToken(token) {
          return this.code.slice(token.start + 1, token.end - 1);
        }
        matches1AtIndex(index, t1) {
          return this.tokens[index].type === t1;
        }
        matches2AtIndex(index, t1, t2) {
          return this.tokens[index].type === t1 && this.tokens[index + 1].type === t2;
        }
        matches3AtIndex(index, t1, t2, t3) {
          return this.tokens[index].type === t1 && this.tokens[index + 1].type === t2 && this.tokens[index + 2].type === t3;
        }
        matches1(t1) {
          return this.tokens[this.tokenIndex].type === t1;
        }
        matches2(t1, t2) {
          return this.tokens[this.tokenIndex].type === t1 && this.tokens[this.tokenIndex + 1].type === t2;
        }
        matches3(t1, t2, t3) {
          return this.tokens[this.tokenIndex].type === t1 && this.tokens[this.tokenIndex + 1].type === t2 && this.tokens[this.tokenIndex + 2].type === t3;
        }
        matches4(t1, t2, t3, t4) {
          return this.tokens[this.tokenIndex].type === t1 && this.tokens[this.tokenIndex + 1].type === t2 && this.tokens[this.tokenIndex + 2].type === t3 && this.tokens[this.tokenIndex + 3].type === t4;
        }
        matches5(t1, t2, t3, t4, t5) {
          return this.tokens[this.tokenIndex].type === t1 && this.tokens[this.tokenIndex + 1].type === t2 && this.tokens[this.tokenIndex + 2].type === t3 && this.tokens[this.tokenIndex + 3].type === t4 && this.tokens[this.tokenIndex + 4].type === t5;
        }
        matchesContextual(contextualKeyword) {
          return this.matchesContextualAtIndex(this.tokenIndex, contextualKeyword);
        }
        matchesContextIdAndLabel(type, contextId) {
          return this.matches1(type) && this.currentToken().contextId === contextId;
        }
        previousWhitespaceAndComments() {
          let whitespaceAndComments = this.code.slice(
            this.tokenIndex > 0 ? this.tokens[this.tokenIndex - 1].end : 0,
            this.tokenIndex < this.tokens.length ? this.tokens[this.tokenIndex].start : this.code.length
          );
          return this.isFlowEnabled && (whitespaceAndComments = whitespaceAndComments.replace(/@flow/g, "")), whitespaceAndComments;
        }
        replaceToken(newCode) {
          this.resultCode += this.previousWhitespaceAndComments(), this.appendTokenPrefix(), this.resultMappings[this.tokenIndex] = this.resultCode.length, this.resultCode += newCode, this.appendTokenSuffix(), this.tokenIndex++;
        }
        replaceTokenTrimmingLeftWhitespace(newCode) {
          this.resultCode += this.previousWhitespaceAndComments().replace(/[^\r\n]/g, ""), this.appendTokenPrefix(), this.resultMappings[this.tokenIndex] = this.resultCode.length, this.resultCode += newCode, this.appendTokenSuffix(), this.tokenIndex++;
        }
        removeInitialToken() {
          this.replaceToken("");
        }
        removeToken() {
          this.replaceTokenTrimmingLeftWhitespace("");
        }
        /**
         * Remove all code until the next }, accounting for balanced braces.
         */
        removeBalancedCode() {
          let braceDepth = 0;
          for (; !this.isAtEnd(); ) {
            if (this.matches1(TokenType.braceL))
              braceDepth++;
            else if (this.matches1(TokenType.braceR)) {
              if (braceDepth === 0)
                return;
              braceDepth--;
            }
            this.removeToken();
          }
        }
        copyExpectedToken(tokenType) {
          if (this.tokens[this.tokenIndex].type !== tokenType)
            throw new Error(`Expected token ${tokenType}`);
          this.copyToken();
        }
        copyToken() {
          this.resultCode += this.previousWhitespaceAndComments(), this.appendTokenPrefix(), this.resultMappings[this.tokenIndex] = this.resultCode.length, this.resultCode += this.code.slice(
            this.tokens[this.tokenIndex].start,
            this.tokens[this.tokenIndex].end
          ), this.appendTokenSuffix(), this.tokenIndex++;
        }
        copyTokenWithPrefix(prefix) {
          this.resultCode += this.previousWhitespaceAndComments(), this.appendTokenPrefix(), this.resultCode += prefix, this.resultMappings[this.tokenIndex] = this.resultCode.length, this.resultCode += this.code.slice(
            this.tokens[this.tokenIndex].start,
            this.tokens[this.tokenIndex].end
          ), this.appendTokenSuffix(), this.tokenIndex++;
        }
        appendTokenPrefix() {
          let token = this.currentToken();
          if ((token.numNullishCoalesceStarts || token.isOptionalChainStart) && (token.isAsyncOperation = isAsyncOperation(this)), !this.disableESTransforms) {
            if (token.numNullishCoalesceStarts)
              for (let i = 0; i < token.numNullishCoalesceStarts; i++)
                token.isAsyncOperation ? (this.resultCode += "await ", this.resultCode += this.helperManager.getHelperName("asyncNullishCoalesce")) : this.resultCode += this.helperManager.getHelperName("nullishCoalesce"), this.resultCode += "(";
            token.isOptionalChainStart && (token.isAsyncOperation && (this.resultCode += "await "), this.tokenIndex > 0 && this.tokenAtRelativeIndex(-1).type === TokenType._delete ? token.isAsyncOperation ? this.resultCode += this.helperManager.getHelperName("asyncOptionalChainDelete") : this.resultCode += this.helperManager.getHelperName("optionalChainDelete") : token.isAsyncOperation ? this.resultCode += this.helperManager.getHelperName("asyncOptionalChain") : this.resultCode += this.helperManager.getHelperName("optionalChain"), this.resultCode += "([");
          }
        }
        appendTokenSuffix() {
          let token = this.currentToken();
          if (token.isOptionalChainEnd && !this.disableESTransforms && (this.resultCode += "])"), token.numNullishCoalesceEnds && !this.disableESTransforms)
            for (let i = 0; i < token.numNullishCoalesceEnds; i++)
              this.resultCode += "))";
        }
        appendCode(code) {
          this.resultCode += code;
        }
        currentToken() {
          return this.tokens[this.tokenIndex];
        }
        currentTokenCode() {
          let token = this.currentToken();
          return this.code.slice(token.start, token.end);
        }
        tokenAtRelativeIndex(relativeIndex) {
          return this.tokens[this.tokenIndex + relativeIndex];
        }
        currentIndex() {
          return this.tokenIndex;
        }
        /**
         * Move to the next token. Only suitable in preprocessing steps. When
         * generating new code, you should use copyToken or removeToken.
         */
        nextToken() {
          if (this.tokenIndex === this.tokens.length)
            throw new Error("Unexpectedly reached end of input.");
          this.tokenIndex++;
        }
        previousToken() {
          this.tokenIndex--;
        }
        finish() {
          if (this.tokenIndex !== this.tokens.length)
            throw new Error("Tried to finish processing tokens before reaching the end.");
          return this.resultCode += this.previousWhitespaceAndComments(), { code: this.resultCode, mappings: this.resultMappings };
        }
        isAtEnd() {
          return this.tokenIndex === this.tokens.length;
        }
      };
    }
  });

  // node_modules/sucrase/dist/esm/util/getClassInfo.js
  function getClassInfo(rootTransformer, tokens, nameManager, disableESTransforms) {
    let snapshot = tokens.snapshot(), headerInfo = processClassHeader(tokens), constructorInitializerStatements = [], instanceInitializerNames = [], staticInitializerNames = [], constructorInsertPos = null, fields = [], rangesToRemove = [], classContextId = tokens.currentToken().contextId;
    if (classContextId == null)
      throw new Error("Expected non-null class context ID on class open-brace.");
    for (tokens.nextToken(); !tokens.matchesContextIdAndLabel(TokenType.braceR, classContextId); )
      if (tokens.matchesContextual(ContextualKeyword._constructor) && !tokens.currentToken().isType)
        ({ constructorInitializerStatements, constructorInsertPos } = processConstructor(tokens));
      else if (tokens.matches1(TokenType.semi))
        disableESTransforms || rangesToRemove.push({ start: tokens.currentIndex(), end: tokens.currentIndex() + 1 }), tokens.nextToken();
      else if (tokens.currentToken().isType)
        tokens.nextToken();
      else {
        let statementStartIndex = tokens.currentIndex(), isStatic = !1, isESPrivate = !1, isDeclareOrAbstract = !1;
        for (; isAccessModifier(tokens.currentToken()); )
          tokens.matches1(TokenType._static) && (isStatic = !0), tokens.matches1(TokenType.hash) && (isESPrivate = !0), (tokens.matches1(TokenType._declare) || tokens.matches1(TokenType._abstract)) && (isDeclareOrAbstract = !0), tokens.nextToken();
        if (isStatic && tokens.matches1(TokenType.braceL)) {
          skipToNextClassElement(tokens, classContextId);
          continue;
        }
        if (isESPrivate) {
          skipToNextClassElement(tokens, classContextId);
          continue;
        }
        if (tokens.matchesContextual(ContextualKeyword._constructor) && !tokens.currentToken().isType) {
          ({ constructorInitializerStatements, constructorInsertPos } = processConstructor(tokens));
          continue;
        }
        let nameStartIndex = tokens.currentIndex();
        if (skipFieldName(tokens), tokens.matches1(TokenType.lessThan) || tokens.matches1(TokenType.parenL)) {
          skipToNextClassElement(tokens, classContextId);
          continue;
        }
        for (; tokens.currentToken().isType; )
          tokens.nextToken();
        if (tokens.matches1(TokenType.eq)) {
          let equalsIndex = tokens.currentIndex(), valueEnd = tokens.currentToken().rhsEndIndex;
          if (valueEnd == null)
            throw new Error("Expected rhsEndIndex on class field assignment.");
          for (tokens.nextToken(); tokens.currentIndex() < valueEnd; )
            rootTransformer.processToken();
          let initializerName;
          isStatic ? (initializerName = nameManager.claimFreeName("__initStatic"), staticInitializerNames.push(initializerName)) : (initializerName = nameManager.claimFreeName("__init"), instanceInitializerNames.push(initializerName)), fields.push({
            initializerName,
            equalsIndex,
            start: nameStartIndex,
            end: tokens.currentIndex()
          });
        } else (!disableESTransforms || isDeclareOrAbstract) && rangesToRemove.push({ start: statementStartIndex, end: tokens.currentIndex() });
      }
    return tokens.restoreToSnapshot(snapshot), disableESTransforms ? {
      headerInfo,
      constructorInitializerStatements,
      instanceInitializerNames: [],
      staticInitializerNames: [],
      constructorInsertPos,
      fields: [],
      rangesToRemove
    } : {
      headerInfo,
      constructorInitializerStatements,
      instanceInitializerNames,
      staticInitializerNames,
      constructorInsertPos,
      fields,
      rangesToRemove
    };
  }
  function skipToNextClassElement(tokens, classContextId) {
    for (tokens.nextToken(); tokens.currentToken().contextId !== classContextId; )
      tokens.nextToken();
    for (; isAccessModifier(tokens.tokenAtRelativeIndex(-1)); )
      tokens.previousToken();
  }
  function processClassHeader(tokens) {
    let classToken = tokens.currentToken(), contextId = classToken.contextId;
    if (contextId == null)
      throw new Error("Expected context ID on class token.");
    let isExpression = classToken.isExpression;
    if (isExpression == null)
      throw new Error("Expected isExpression on class token.");
    let className = null, hasSuperclass = !1;
    for (tokens.nextToken(), tokens.matches1(TokenType.name) && (className = tokens.identifierName()); !tokens.matchesContextIdAndLabel(TokenType.braceL, contextId); )
      tokens.matches1(TokenType._extends) && !tokens.currentToken().isType && (hasSuperclass = !0), tokens.nextToken();
    return { isExpression, className, hasSuperclass };
  }
  function processConstructor(tokens) {
    let constructorInitializerStatements = [];
    tokens.nextToken();
    let constructorContextId = tokens.currentToken().contextId;
    if (constructorContextId == null)
      throw new Error("Expected context ID on open-paren starting constructor params.");
    for (; !tokens.matchesContextIdAndLabel(TokenType.parenR, constructorContextId); )
      if (tokens.currentToken().contextId === constructorContextId) {
        if (tokens.nextToken(), isAccessModifier(tokens.currentToken())) {
          for (tokens.nextToken(); isAccessModifier(tokens.currentToken()); )
            tokens.nextToken();
          let token = tokens.currentToken();
          if (token.type !== TokenType.name)
            throw new Error("Expected identifier after access modifiers in constructor arg.");
          let name = tokens.identifierNameForToken(token);
          constructorInitializerStatements.push(`this.${name} = ${name}`);
        }
      } else
        tokens.nextToken();
    for (tokens.nextToken(); tokens.currentToken().isType; )
      tokens.nextToken();
    let constructorInsertPos = tokens.currentIndex(), foundSuperCall = !1;
    for (; !tokens.matchesContextIdAndLabel(TokenType.braceR, constructorContextId); ) {
      if (!foundSuperCall && tokens.matches2(TokenType._super, TokenType.parenL)) {
        tokens.nextToken();
        let superCallContextId = tokens.currentToken().contextId;
        if (superCallContextId == null)
          throw new Error("Expected a context ID on the super call");
        for (; !tokens.matchesContextIdAndLabel(TokenType.parenR, superCallContextId); )
          tokens.nextToken();
        constructorInsertPos = tokens.currentIndex(), foundSuperCall = !0;
      }
      tokens.nextToken();
    }
    return tokens.nextToken(), { constructorInitializerStatements, constructorInsertPos };
  }
  function isAccessModifier(token) {
    return [
      TokenType._async,
      TokenType._get,
      TokenType._set,
      TokenType.plus,
      TokenType.minus,
      TokenType._readonly,
      TokenType._static,
      TokenType._public,
      TokenType._private,
      TokenType._protected,
      TokenType._override,
      TokenType._abstract,
      TokenType.star,
      TokenType._declare,
      TokenType.hash
    ].includes(token.type);
  }
  function skipFieldName(tokens) {
    if (tokens.matches1(TokenType.bracketL)) {
      let classContextId = tokens.currentToken().contextId;
      if (classContextId == null)
        throw new Error("Expected class context ID on computed name open bracket.");
      for (; !tokens.matchesContextIdAndLabel(TokenType.bracketR, classContextId); )
        tokens.nextToken();
      tokens.nextToken();
    } else
      tokens.nextToken();
  }
  var init_getClassInfo = __esm({
    "node_modules/sucrase/dist/esm/util/getClassInfo.js"() {
      init_keywords();
      init_types();
    }
  });

  // node_modules/sucrase/dist/esm/util/elideImportEquals.js
  function elideImportEquals(tokens) {
    if (tokens.removeInitialToken(), tokens.removeToken(), tokens.removeToken(), tokens.removeToken(), tokens.matches1(TokenType.parenL))
      tokens.removeToken(), tokens.removeToken(), tokens.removeToken();
    else
      for (; tokens.matches1(TokenType.dot); )
        tokens.removeToken(), tokens.removeToken();
  }
  var init_elideImportEquals = __esm({
    "node_modules/sucrase/dist/esm/util/elideImportEquals.js"() {
      init_types();
    }
  });

  // node_modules/sucrase/dist/esm/util/getDeclarationInfo.js
  function getDeclarationInfo(tokens) {
    let typeDeclarations = /* @__PURE__ */ new Set(), valueDeclarations = /* @__PURE__ */ new Set();
    for (let i = 0; i < tokens.tokens.length; i++) {
      let token = tokens.tokens[i];
      token.type === TokenType.name && isTopLevelDeclaration(token) && (token.isType ? typeDeclarations.add(tokens.identifierNameForToken(token)) : valueDeclarations.add(tokens.identifierNameForToken(token)));
    }
    return { typeDeclarations, valueDeclarations };
  }
  var EMPTY_DECLARATION_INFO, init_getDeclarationInfo = __esm({
    "node_modules/sucrase/dist/esm/util/getDeclarationInfo.js"() {
      init_tokenizer();
      init_types();
      EMPTY_DECLARATION_INFO = {
        typeDeclarations: /* @__PURE__ */ new Set(),
        valueDeclarations: /* @__PURE__ */ new Set()
      };
    }
  });

  // node_modules/sucrase/dist/esm/util/isExportFrom.js
  function isExportFrom(tokens) {
    let closeBraceIndex = tokens.currentIndex();
    for (; !tokens.matches1AtIndex(closeBraceIndex, TokenType.braceR); )
      closeBraceIndex++;
    return tokens.matchesContextualAtIndex(closeBraceIndex + 1, ContextualKeyword._from) && tokens.matches1AtIndex(closeBraceIndex + 2, TokenType.string);
  }
  var init_isExportFrom = __esm({
    "node_modules/sucrase/dist/esm/util/isExportFrom.js"() {
      init_keywords();
      init_types();
    }
  });

  // node_modules/sucrase/dist/esm/util/removeMaybeImportAttributes.js
  function removeMaybeImportAttributes(tokens) {
    (tokens.matches2(TokenType._with, TokenType.braceL) || tokens.matches2(TokenType.name, TokenType.braceL) && tokens.matchesContextual(ContextualKeyword._assert)) && (tokens.removeToken(), tokens.removeToken(), tokens.removeBalancedCode(), tokens.removeToken());
  }
  var init_removeMaybeImportAttributes = __esm({
    "node_modules/sucrase/dist/esm/util/removeMaybeImportAttributes.js"() {
      init_keywords();
      init_types();
    }
  });

  // node_modules/sucrase/dist/esm/util/shouldElideDefaultExport.js
  function shouldElideDefaultExport(isTypeScriptTransformEnabled, keepUnusedImports, tokens, declarationInfo) {
    if (!isTypeScriptTransformEnabled || keepUnusedImports)
      return !1;
    let exportToken = tokens.currentToken();
    if (exportToken.rhsEndIndex == null)
      throw new Error("Expected non-null rhsEndIndex on export token.");
    let numTokens = exportToken.rhsEndIndex - tokens.currentIndex();
    if (numTokens !== 3 && !(numTokens === 4 && tokens.matches1AtIndex(exportToken.rhsEndIndex - 1, TokenType.semi)))
      return !1;
    let identifierToken = tokens.tokenAtRelativeIndex(2);
    if (identifierToken.type !== TokenType.name)
      return !1;
    let exportedName = tokens.identifierNameForToken(identifierToken);
    return declarationInfo.typeDeclarations.has(exportedName) && !declarationInfo.valueDeclarations.has(exportedName);
  }
  var init_shouldElideDefaultExport = __esm({
    "node_modules/sucrase/dist/esm/util/shouldElideDefaultExport.js"() {
      init_types();
    }
  });

  // node_modules/sucrase/dist/esm/transformers/CJSImportTransformer.js
  var CJSImportTransformer, init_CJSImportTransformer = __esm({
    "node_modules/sucrase/dist/esm/transformers/CJSImportTransformer.js"() {
      init_tokenizer();
      init_keywords();
      init_types();
      init_elideImportEquals();
      init_getDeclarationInfo();
      init_getImportExportSpecifierInfo();
      init_isExportFrom();
      init_removeMaybeImportAttributes();
      init_shouldElideDefaultExport();
      init_Transformer();
      CJSImportTransformer = class _CJSImportTransformer extends Transformer {
        __init() {
          this.hadExport = !1;
        }
        __init2() {
          this.hadNamedExport = !1;
        }
        __init3() {
          this.hadDefaultExport = !1;
        }
        constructor(rootTransformer, tokens, importProcessor, nameManager, helperManager, reactHotLoaderTransformer, enableLegacyBabel5ModuleInterop, enableLegacyTypeScriptModuleInterop, isTypeScriptTransformEnabled, isFlowTransformEnabled, preserveDynamicImport, keepUnusedImports) {
          super(), this.rootTransformer = rootTransformer, this.tokens = tokens, this.importProcessor = importProcessor, this.nameManager = nameManager, this.helperManager = helperManager, this.reactHotLoaderTransformer = reactHotLoaderTransformer, this.enableLegacyBabel5ModuleInterop = enableLegacyBabel5ModuleInterop, this.enableLegacyTypeScriptModuleInterop = enableLegacyTypeScriptModuleInterop, this.isTypeScriptTransformEnabled = isTypeScriptTransformEnabled, this.isFlowTransformEnabled = isFlowTransformEnabled, this.preserveDynamicImport = preserveDynamicImport, this.keepUnusedImports = keepUnusedImports, _CJSImportTransformer.prototype.__init.call(this), _CJSImportTransformer.prototype.__init2.call(this), _CJSImportTransformer.prototype.__init3.call(this), this.declarationInfo = isTypeScriptTransformEnabled ? getDeclarationInfo(tokens) : EMPTY_DECLARATION_INFO;
        }
        getPrefixCode() {
          let prefix = "";
          return this.hadExport && (prefix += 'Object.defineProperty(exports, "__esModule", {value: true});'), prefix;
        }
        getSuffixCode() {
          return this.enableLegacyBabel5ModuleInterop && this.hadDefaultExport && !this.hadNamedExport ? `
module.exports = exports.default;
` : "";
        }
        process() {
          return this.tokens.matches3(TokenType._import, TokenType.name, TokenType.eq) ? this.processImportEquals() : this.tokens.matches1(TokenType._import) ? (this.processImport(), !0) : this.tokens.matches2(TokenType._export, TokenType.eq) ? (this.tokens.replaceToken("module.exports"), !0) : this.tokens.matches1(TokenType._export) && !this.tokens.currentToken().isType ? (this.hadExport = !0, this.processExport()) : this.tokens.matches2(TokenType.name, TokenType.postIncDec) && this.processPostIncDec() ? !0 : this.tokens.matches1(TokenType.name) || this.tokens.matches1(TokenType.jsxName) ? this.processIdentifier() : this.tokens.matches1(TokenType.eq) ? this.processAssignment() : this.tokens.matches1(TokenType.assign) ? this.processComplexAssignment() : this.tokens.matches1(TokenType.preIncDec) ? this.processPreIncDec() : !1;
        }
        processImportEquals() {
          let importName = this.tokens.identifierNameAtIndex(this.tokens.currentIndex() + 1);
          return this.importProcessor.shouldAutomaticallyElideImportedName(importName) ? elideImportEquals(this.tokens) : this.tokens.replaceToken("const"), !0;
        }
        /**
         * Transform this:
         * import foo, {bar} from 'baz';
         * into
         * var _baz = require('baz'); var _baz2 = _interopRequireDefault(_baz);
         *
         * The import code was already generated in the import preprocessing step, so
         * we just need to look it up.
         */
        processImport() {
          if (this.tokens.matches2(TokenType._import, TokenType.parenL)) {
            if (this.preserveDynamicImport) {
              this.tokens.copyToken();
              return;
            }
            let requireWrapper = this.enableLegacyTypeScriptModuleInterop ? "" : `${this.helperManager.getHelperName("interopRequireWildcard")}(`;
            this.tokens.replaceToken(`Promise.resolve().then(() => ${requireWrapper}require`);
            let contextId = this.tokens.currentToken().contextId;
            if (contextId == null)
              throw new Error("Expected context ID on dynamic import invocation.");
            for (this.tokens.copyToken(); !this.tokens.matchesContextIdAndLabel(TokenType.parenR, contextId); )
              this.rootTransformer.processToken();
            this.tokens.replaceToken(requireWrapper ? ")))" : "))");
            return;
          }
          if (this.removeImportAndDetectIfShouldElide())
            this.tokens.removeToken();
          else {
            let path = this.tokens.stringValue();
            this.tokens.replaceTokenTrimmingLeftWhitespace(this.importProcessor.claimImportCode(path)), this.tokens.appendCode(this.importProcessor.claimImportCode(path));
          }
          removeMaybeImportAttributes(this.tokens), this.tokens.matches1(TokenType.semi) && this.tokens.removeToken();
        }
        /**
         * Erase this import (since any CJS output would be completely different), and
         * return true if this import is should be elided due to being a type-only
         * import. Such imports will not be emitted at all to avoid side effects.
         *
         * Import elision only happens with the TypeScript or Flow transforms enabled.
         *
         * TODO: This function has some awkward overlap with
         *  CJSImportProcessor.pruneTypeOnlyImports , and the two should be unified.
         *  That function handles TypeScript implicit import name elision, and removes
         *  an import if all typical imported names (without `type`) are removed due
         *  to being type-only imports. This function handles Flow import removal and
         *  properly distinguishes `import 'foo'` from `import {} from 'foo'` for TS
         *  purposes.
         *
         * The position should end at the import string.
         */
        removeImportAndDetectIfShouldElide() {
          if (this.tokens.removeInitialToken(), this.tokens.matchesContextual(ContextualKeyword._type) && !this.tokens.matches1AtIndex(this.tokens.currentIndex() + 1, TokenType.comma) && !this.tokens.matchesContextualAtIndex(this.tokens.currentIndex() + 1, ContextualKeyword._from))
            return this.removeRemainingImport(), !0;
          if (this.tokens.matches1(TokenType.name) || this.tokens.matches1(TokenType.star))
            return this.removeRemainingImport(), !1;
          if (this.tokens.matches1(TokenType.string))
            return !1;
          let foundNonTypeImport = !1, foundAnyNamedImport = !1;
          for (; !this.tokens.matches1(TokenType.string); )
            (!foundNonTypeImport && this.tokens.matches1(TokenType.braceL) || this.tokens.matches1(TokenType.comma)) && (this.tokens.removeToken(), this.tokens.matches1(TokenType.braceR) || (foundAnyNamedImport = !0), (this.tokens.matches2(TokenType.name, TokenType.comma) || this.tokens.matches2(TokenType.name, TokenType.braceR) || this.tokens.matches4(TokenType.name, TokenType.name, TokenType.name, TokenType.comma) || this.tokens.matches4(TokenType.name, TokenType.name, TokenType.name, TokenType.braceR)) && (foundNonTypeImport = !0)), this.tokens.removeToken();
          return this.keepUnusedImports ? !1 : this.isTypeScriptTransformEnabled ? !foundNonTypeImport : this.isFlowTransformEnabled ? foundAnyNamedImport && !foundNonTypeImport : !1;
        }
        removeRemainingImport() {
          for (; !this.tokens.matches1(TokenType.string); )
            this.tokens.removeToken();
        }
        processIdentifier() {
          let token = this.tokens.currentToken();
          if (token.shadowsGlobal)
            return !1;
          if (token.identifierRole === IdentifierRole.ObjectShorthand)
            return this.processObjectShorthand();
          if (token.identifierRole !== IdentifierRole.Access)
            return !1;
          let replacement = this.importProcessor.getIdentifierReplacement(
            this.tokens.identifierNameForToken(token)
          );
          if (!replacement)
            return !1;
          let possibleOpenParenIndex = this.tokens.currentIndex() + 1;
          for (; possibleOpenParenIndex < this.tokens.tokens.length && this.tokens.tokens[possibleOpenParenIndex].type === TokenType.parenR; )
            possibleOpenParenIndex++;
          return this.tokens.tokens[possibleOpenParenIndex].type === TokenType.parenL ? this.tokens.tokenAtRelativeIndex(1).type === TokenType.parenL && this.tokens.tokenAtRelativeIndex(-1).type !== TokenType._new ? (this.tokens.replaceToken(`${replacement}.call(void 0, `), this.tokens.removeToken(), this.rootTransformer.processBalancedCode(), this.tokens.copyExpectedToken(TokenType.parenR)) : this.tokens.replaceToken(`(0, ${replacement})`) : this.tokens.replaceToken(replacement), !0;
        }
        processObjectShorthand() {
          let identifier = this.tokens.identifierName(), replacement = this.importProcessor.getIdentifierReplacement(identifier);
          return replacement ? (this.tokens.replaceToken(`${identifier}: ${replacement}`), !0) : !1;
        }
        processExport() {
          if (this.tokens.matches2(TokenType._export, TokenType._enum) || this.tokens.matches3(TokenType._export, TokenType._const, TokenType._enum))
            return this.hadNamedExport = !0, !1;
          if (this.tokens.matches2(TokenType._export, TokenType._default))
            return this.tokens.matches3(TokenType._export, TokenType._default, TokenType._enum) ? (this.hadDefaultExport = !0, !1) : (this.processExportDefault(), !0);
          if (this.tokens.matches2(TokenType._export, TokenType.braceL))
            return this.processExportBindings(), !0;
          if (this.tokens.matches2(TokenType._export, TokenType.name) && this.tokens.matchesContextualAtIndex(this.tokens.currentIndex() + 1, ContextualKeyword._type)) {
            if (this.tokens.removeInitialToken(), this.tokens.removeToken(), this.tokens.matches1(TokenType.braceL)) {
              for (; !this.tokens.matches1(TokenType.braceR); )
                this.tokens.removeToken();
              this.tokens.removeToken();
            } else
              this.tokens.removeToken(), this.tokens.matches1(TokenType._as) && (this.tokens.removeToken(), this.tokens.removeToken());
            return this.tokens.matchesContextual(ContextualKeyword._from) && this.tokens.matches1AtIndex(this.tokens.currentIndex() + 1, TokenType.string) && (this.tokens.removeToken(), this.tokens.removeToken(), removeMaybeImportAttributes(this.tokens)), !0;
          }
          if (this.hadNamedExport = !0, this.tokens.matches2(TokenType._export, TokenType._var) || this.tokens.matches2(TokenType._export, TokenType._let) || this.tokens.matches2(TokenType._export, TokenType._const))
            return this.processExportVar(), !0;
          if (this.tokens.matches2(TokenType._export, TokenType._function) || // export async function
          this.tokens.matches3(TokenType._export, TokenType.name, TokenType._function))
            return this.processExportFunction(), !0;
          if (this.tokens.matches2(TokenType._export, TokenType._class) || this.tokens.matches3(TokenType._export, TokenType._abstract, TokenType._class) || this.tokens.matches2(TokenType._export, TokenType.at))
            return this.processExportClass(), !0;
          if (this.tokens.matches2(TokenType._export, TokenType.star))
            return this.processExportStar(), !0;
          throw new Error("Unrecognized export syntax.");
        }
        processAssignment() {
          let index = this.tokens.currentIndex(), identifierToken = this.tokens.tokens[index - 1];
          if (identifierToken.isType || identifierToken.type !== TokenType.name || identifierToken.shadowsGlobal || index >= 2 && this.tokens.matches1AtIndex(index - 2, TokenType.dot) || index >= 2 && [TokenType._var, TokenType._let, TokenType._const].includes(this.tokens.tokens[index - 2].type))
            return !1;
          let assignmentSnippet = this.importProcessor.resolveExportBinding(
            this.tokens.identifierNameForToken(identifierToken)
          );
          return assignmentSnippet ? (this.tokens.copyToken(), this.tokens.appendCode(` ${assignmentSnippet} =`), !0) : !1;
        }
        /**
         * Process something like `a += 3`, where `a` might be an exported value.
         */
        processComplexAssignment() {
          let index = this.tokens.currentIndex(), identifierToken = this.tokens.tokens[index - 1];
          if (identifierToken.type !== TokenType.name || identifierToken.shadowsGlobal || index >= 2 && this.tokens.matches1AtIndex(index - 2, TokenType.dot))
            return !1;
          let assignmentSnippet = this.importProcessor.resolveExportBinding(
            this.tokens.identifierNameForToken(identifierToken)
          );
          return assignmentSnippet ? (this.tokens.appendCode(` = ${assignmentSnippet}`), this.tokens.copyToken(), !0) : !1;
        }
        /**
         * Process something like `++a`, where `a` might be an exported value.
         */
        processPreIncDec() {
          let index = this.tokens.currentIndex(), identifierToken = this.tokens.tokens[index + 1];
          if (identifierToken.type !== TokenType.name || identifierToken.shadowsGlobal || index + 2 < this.tokens.tokens.length && (this.tokens.matches1AtIndex(index + 2, TokenType.dot) || this.tokens.matches1AtIndex(index + 2, TokenType.bracketL) || this.tokens.matches1AtIndex(index + 2, TokenType.parenL)))
            return !1;
          let identifierName = this.tokens.identifierNameForToken(identifierToken), assignmentSnippet = this.importProcessor.resolveExportBinding(identifierName);
          return assignmentSnippet ? (this.tokens.appendCode(`${assignmentSnippet} = `), this.tokens.copyToken(), !0) : !1;
        }
        /**
         * Process something like `a++`, where `a` might be an exported value.
         * This starts at the `a`, not at the `++`.
         */
        processPostIncDec() {
          let index = this.tokens.currentIndex(), identifierToken = this.tokens.tokens[index], operatorToken = this.tokens.tokens[index + 1];
          if (identifierToken.type !== TokenType.name || identifierToken.shadowsGlobal || index >= 1 && this.tokens.matches1AtIndex(index - 1, TokenType.dot))
            return !1;
          let identifierName = this.tokens.identifierNameForToken(identifierToken), assignmentSnippet = this.importProcessor.resolveExportBinding(identifierName);
          if (!assignmentSnippet)
            return !1;
          let operatorCode = this.tokens.rawCodeForToken(operatorToken), base = this.importProcessor.getIdentifierReplacement(identifierName) || identifierName;
          if (operatorCode === "++")
            this.tokens.replaceToken(`(${base} = ${assignmentSnippet} = ${base} + 1, ${base} - 1)`);
          else if (operatorCode === "--")
            this.tokens.replaceToken(`(${base} = ${assignmentSnippet} = ${base} - 1, ${base} + 1)`);
          else
            throw new Error(`Unexpected operator: ${operatorCode}`);
          return this.tokens.removeToken(), !0;
        }
        processExportDefault() {
          let exportedRuntimeValue = !0;
          if (this.tokens.matches4(TokenType._export, TokenType._default, TokenType._function, TokenType.name) || // export default async function
          this.tokens.matches5(TokenType._export, TokenType._default, TokenType.name, TokenType._function, TokenType.name) && this.tokens.matchesContextualAtIndex(
            this.tokens.currentIndex() + 2,
            ContextualKeyword._async
          )) {
            this.tokens.removeInitialToken(), this.tokens.removeToken();
            let name = this.processNamedFunction();
            this.tokens.appendCode(` exports.default = ${name};`);
          } else if (this.tokens.matches4(TokenType._export, TokenType._default, TokenType._class, TokenType.name) || this.tokens.matches5(TokenType._export, TokenType._default, TokenType._abstract, TokenType._class, TokenType.name) || this.tokens.matches3(TokenType._export, TokenType._default, TokenType.at)) {
            this.tokens.removeInitialToken(), this.tokens.removeToken(), this.copyDecorators(), this.tokens.matches1(TokenType._abstract) && this.tokens.removeToken();
            let name = this.rootTransformer.processNamedClass();
            this.tokens.appendCode(` exports.default = ${name};`);
          } else if (shouldElideDefaultExport(
            this.isTypeScriptTransformEnabled,
            this.keepUnusedImports,
            this.tokens,
            this.declarationInfo
          ))
            exportedRuntimeValue = !1, this.tokens.removeInitialToken(), this.tokens.removeToken(), this.tokens.removeToken();
          else if (this.reactHotLoaderTransformer) {
            let defaultVarName = this.nameManager.claimFreeName("_default");
            this.tokens.replaceToken(`let ${defaultVarName}; exports.`), this.tokens.copyToken(), this.tokens.appendCode(` = ${defaultVarName} =`), this.reactHotLoaderTransformer.setExtractedDefaultExportName(defaultVarName);
          } else
            this.tokens.replaceToken("exports."), this.tokens.copyToken(), this.tokens.appendCode(" =");
          exportedRuntimeValue && (this.hadDefaultExport = !0);
        }
        copyDecorators() {
          for (; this.tokens.matches1(TokenType.at); )
            if (this.tokens.copyToken(), this.tokens.matches1(TokenType.parenL))
              this.tokens.copyExpectedToken(TokenType.parenL), this.rootTransformer.processBalancedCode(), this.tokens.copyExpectedToken(TokenType.parenR);
            else {
              for (this.tokens.copyExpectedToken(TokenType.name); this.tokens.matches1(TokenType.dot); )
                this.tokens.copyExpectedToken(TokenType.dot), this.tokens.copyExpectedToken(TokenType.name);
              this.tokens.matches1(TokenType.parenL) && (this.tokens.copyExpectedToken(TokenType.parenL), this.rootTransformer.processBalancedCode(), this.tokens.copyExpectedToken(TokenType.parenR));
            }
        }
        /**
         * Transform a declaration like `export var`, `export let`, or `export const`.
         */
        processExportVar() {
          this.isSimpleExportVar() ? this.processSimpleExportVar() : this.processComplexExportVar();
        }
        /**
         * Determine if the export is of the form:
         * export var/let/const [varName] = [expr];
         * In other words, determine if function name inference might apply.
         */
        isSimpleExportVar() {
          let tokenIndex = this.tokens.currentIndex();
          if (tokenIndex++, tokenIndex++, !this.tokens.matches1AtIndex(tokenIndex, TokenType.name))
            return !1;
          for (tokenIndex++; tokenIndex < this.tokens.tokens.length && this.tokens.tokens[tokenIndex].isType; )
            tokenIndex++;
          return !!this.tokens.matches1AtIndex(tokenIndex, TokenType.eq);
        }
        /**
         * Transform an `export var` declaration initializing a single variable.
         *
         * For example, this:
         * export const f = () => {};
         * becomes this:
         * const f = () => {}; exports.f = f;
         *
         * The variable is unused (e.g. exports.f has the true value of the export).
         * We need to produce an assignment of this form so that the function will
         * have an inferred name of "f", which wouldn't happen in the more general
         * case below.
         */
        processSimpleExportVar() {
          this.tokens.removeInitialToken(), this.tokens.copyToken();
          let varName = this.tokens.identifierName();
          for (; !this.tokens.matches1(TokenType.eq); )
            this.rootTransformer.processToken();
          let endIndex = this.tokens.currentToken().rhsEndIndex;
          if (endIndex == null)
            throw new Error("Expected = token with an end index.");
          for (; this.tokens.currentIndex() < endIndex; )
            this.rootTransformer.processToken();
          this.tokens.appendCode(`; exports.${varName} = ${varName}`);
        }
        /**
         * Transform normal declaration exports, including handling destructuring.
         * For example, this:
         * export const {x: [a = 2, b], c} = d;
         * becomes this:
         * ({x: [exports.a = 2, exports.b], c: exports.c} = d;)
         */
        processComplexExportVar() {
          this.tokens.removeInitialToken(), this.tokens.removeToken();
          let needsParens = this.tokens.matches1(TokenType.braceL);
          needsParens && this.tokens.appendCode("(");
          let depth = 0;
          for (; ; )
            if (this.tokens.matches1(TokenType.braceL) || this.tokens.matches1(TokenType.dollarBraceL) || this.tokens.matches1(TokenType.bracketL))
              depth++, this.tokens.copyToken();
            else if (this.tokens.matches1(TokenType.braceR) || this.tokens.matches1(TokenType.bracketR))
              depth--, this.tokens.copyToken();
            else {
              if (depth === 0 && !this.tokens.matches1(TokenType.name) && !this.tokens.currentToken().isType)
                break;
              if (this.tokens.matches1(TokenType.eq)) {
                let endIndex = this.tokens.currentToken().rhsEndIndex;
                if (endIndex == null)
                  throw new Error("Expected = token with an end index.");
                for (; this.tokens.currentIndex() < endIndex; )
                  this.rootTransformer.processToken();
              } else {
                let token = this.tokens.currentToken();
                if (isDeclaration(token)) {
                  let name = this.tokens.identifierName(), replacement = this.importProcessor.getIdentifierReplacement(name);
                  if (replacement === null)
                    throw new Error(`Expected a replacement for ${name} in \`export var\` syntax.`);
                  isObjectShorthandDeclaration(token) && (replacement = `${name}: ${replacement}`), this.tokens.replaceToken(replacement);
                } else
                  this.rootTransformer.processToken();
              }
            }
          if (needsParens) {
            let endIndex = this.tokens.currentToken().rhsEndIndex;
            if (endIndex == null)
              throw new Error("Expected = token with an end index.");
            for (; this.tokens.currentIndex() < endIndex; )
              this.rootTransformer.processToken();
            this.tokens.appendCode(")");
          }
        }
        /**
         * Transform this:
         * export function foo() {}
         * into this:
         * function foo() {} exports.foo = foo;
         */
        processExportFunction() {
          this.tokens.replaceToken("");
          let name = this.processNamedFunction();
          this.tokens.appendCode(` exports.${name} = ${name};`);
        }
        /**
         * Skip past a function with a name and return that name.
         */
        processNamedFunction() {
          if (this.tokens.matches1(TokenType._function))
            this.tokens.copyToken();
          else if (this.tokens.matches2(TokenType.name, TokenType._function)) {
            if (!this.tokens.matchesContextual(ContextualKeyword._async))
              throw new Error("Expected async keyword in function export.");
            this.tokens.copyToken(), this.tokens.copyToken();
          }
          if (this.tokens.matches1(TokenType.star) && this.tokens.copyToken(), !this.tokens.matches1(TokenType.name))
            throw new Error("Expected identifier for exported function name.");
          let name = this.tokens.identifierName();
          if (this.tokens.copyToken(), this.tokens.currentToken().isType)
            for (this.tokens.removeInitialToken(); this.tokens.currentToken().isType; )
              this.tokens.removeToken();
          return this.tokens.copyExpectedToken(TokenType.parenL), this.rootTransformer.processBalancedCode(), this.tokens.copyExpectedToken(TokenType.parenR), this.rootTransformer.processPossibleTypeRange(), this.tokens.copyExpectedToken(TokenType.braceL), this.rootTransformer.processBalancedCode(), this.tokens.copyExpectedToken(TokenType.braceR), name;
        }
        /**
         * Transform this:
         * export class A {}
         * into this:
         * class A {} exports.A = A;
         */
        processExportClass() {
          this.tokens.removeInitialToken(), this.copyDecorators(), this.tokens.matches1(TokenType._abstract) && this.tokens.removeToken();
          let name = this.rootTransformer.processNamedClass();
          this.tokens.appendCode(` exports.${name} = ${name};`);
        }
        /**
         * Transform this:
         * export {a, b as c};
         * into this:
         * exports.a = a; exports.c = b;
         *
         * OR
         *
         * Transform this:
         * export {a, b as c} from './foo';
         * into the pre-generated Object.defineProperty code from the ImportProcessor.
         *
         * For the first case, if the TypeScript transform is enabled, we need to skip
         * exports that are only defined as types.
         */
        processExportBindings() {
          this.tokens.removeInitialToken(), this.tokens.removeToken();
          let isReExport = isExportFrom(this.tokens), exportStatements = [];
          for (; ; ) {
            if (this.tokens.matches1(TokenType.braceR)) {
              this.tokens.removeToken();
              break;
            }
            let specifierInfo = getImportExportSpecifierInfo(this.tokens);
            for (; this.tokens.currentIndex() < specifierInfo.endIndex; )
              this.tokens.removeToken();
            if (!(specifierInfo.isType || !isReExport && this.shouldElideExportedIdentifier(specifierInfo.leftName))) {
              let exportedName = specifierInfo.rightName;
              exportedName === "default" ? this.hadDefaultExport = !0 : this.hadNamedExport = !0;
              let localName = specifierInfo.leftName, newLocalName = this.importProcessor.getIdentifierReplacement(localName);
              exportStatements.push(`exports.${exportedName} = ${newLocalName || localName};`);
            }
            if (this.tokens.matches1(TokenType.braceR)) {
              this.tokens.removeToken();
              break;
            }
            if (this.tokens.matches2(TokenType.comma, TokenType.braceR)) {
              this.tokens.removeToken(), this.tokens.removeToken();
              break;
            } else if (this.tokens.matches1(TokenType.comma))
              this.tokens.removeToken();
            else
              throw new Error(`Unexpected token: ${JSON.stringify(this.tokens.currentToken())}`);
          }
          if (this.tokens.matchesContextual(ContextualKeyword._from)) {
            this.tokens.removeToken();
            let path = this.tokens.stringValue();
            this.tokens.replaceTokenTrimmingLeftWhitespace(this.importProcessor.claimImportCode(path)), removeMaybeImportAttributes(this.tokens);
          } else
            this.tokens.appendCode(exportStatements.join(" "));
          this.tokens.matches1(TokenType.semi) && this.tokens.removeToken();
        }
        processExportStar() {
          for (this.tokens.removeInitialToken(); !this.tokens.matches1(TokenType.string); )
            this.tokens.removeToken();
          let path = this.tokens.stringValue();
          this.tokens.replaceTokenTrimmingLeftWhitespace(this.importProcessor.claimImportCode(path)), removeMaybeImportAttributes(this.tokens), this.tokens.matches1(TokenType.semi) && this.tokens.removeToken();
        }
        shouldElideExportedIdentifier(name) {
          return this.isTypeScriptTransformEnabled && !this.keepUnusedImports && !this.declarationInfo.valueDeclarations.has(name);
        }
      };
    }
  });

  // node_modules/sucrase/dist/esm/transformers/ESMImportTransformer.js
  var ESMImportTransformer, init_ESMImportTransformer = __esm({
    "node_modules/sucrase/dist/esm/transformers/ESMImportTransformer.js"() {
      init_keywords();
      init_types();
      init_elideImportEquals();
      init_getDeclarationInfo();
      init_getImportExportSpecifierInfo();
      init_getNonTypeIdentifiers();
      init_isExportFrom();
      init_removeMaybeImportAttributes();
      init_shouldElideDefaultExport();
      init_Transformer();
      ESMImportTransformer = class extends Transformer {
        constructor(tokens, nameManager, helperManager, reactHotLoaderTransformer, isTypeScriptTransformEnabled, isFlowTransformEnabled, keepUnusedImports, options) {
          super(), this.tokens = tokens, this.nameManager = nameManager, this.helperManager = helperManager, this.reactHotLoaderTransformer = reactHotLoaderTransformer, this.isTypeScriptTransformEnabled = isTypeScriptTransformEnabled, this.isFlowTransformEnabled = isFlowTransformEnabled, this.keepUnusedImports = keepUnusedImports, this.nonTypeIdentifiers = isTypeScriptTransformEnabled && !keepUnusedImports ? getNonTypeIdentifiers(tokens, options) : /* @__PURE__ */ new Set(), this.declarationInfo = isTypeScriptTransformEnabled && !keepUnusedImports ? getDeclarationInfo(tokens) : EMPTY_DECLARATION_INFO, this.injectCreateRequireForImportRequire = !!options.injectCreateRequireForImportRequire;
        }
        process() {
          if (this.tokens.matches3(TokenType._import, TokenType.name, TokenType.eq))
            return this.processImportEquals();
          if (this.tokens.matches4(TokenType._import, TokenType.name, TokenType.name, TokenType.eq) && this.tokens.matchesContextualAtIndex(this.tokens.currentIndex() + 1, ContextualKeyword._type)) {
            this.tokens.removeInitialToken();
            for (let i = 0; i < 7; i++)
              this.tokens.removeToken();
            return !0;
          }
          if (this.tokens.matches2(TokenType._export, TokenType.eq))
            return this.tokens.replaceToken("module.exports"), !0;
          if (this.tokens.matches5(TokenType._export, TokenType._import, TokenType.name, TokenType.name, TokenType.eq) && this.tokens.matchesContextualAtIndex(this.tokens.currentIndex() + 2, ContextualKeyword._type)) {
            this.tokens.removeInitialToken();
            for (let i = 0; i < 8; i++)
              this.tokens.removeToken();
            return !0;
          }
          if (this.tokens.matches1(TokenType._import))
            return this.processImport();
          if (this.tokens.matches2(TokenType._export, TokenType._default))
            return this.processExportDefault();
          if (this.tokens.matches2(TokenType._export, TokenType.braceL))
            return this.processNamedExports();
          if (this.tokens.matches2(TokenType._export, TokenType.name) && this.tokens.matchesContextualAtIndex(this.tokens.currentIndex() + 1, ContextualKeyword._type)) {
            if (this.tokens.removeInitialToken(), this.tokens.removeToken(), this.tokens.matches1(TokenType.braceL)) {
              for (; !this.tokens.matches1(TokenType.braceR); )
                this.tokens.removeToken();
              this.tokens.removeToken();
            } else
              this.tokens.removeToken(), this.tokens.matches1(TokenType._as) && (this.tokens.removeToken(), this.tokens.removeToken());
            return this.tokens.matchesContextual(ContextualKeyword._from) && this.tokens.matches1AtIndex(this.tokens.currentIndex() + 1, TokenType.string) && (this.tokens.removeToken(), this.tokens.removeToken(), removeMaybeImportAttributes(this.tokens)), !0;
          }
          return !1;
        }
        processImportEquals() {
          let importName = this.tokens.identifierNameAtIndex(this.tokens.currentIndex() + 1);
          return this.shouldAutomaticallyElideImportedName(importName) ? elideImportEquals(this.tokens) : this.injectCreateRequireForImportRequire ? (this.tokens.replaceToken("const"), this.tokens.copyToken(), this.tokens.copyToken(), this.tokens.replaceToken(this.helperManager.getHelperName("require"))) : this.tokens.replaceToken("const"), !0;
        }
        processImport() {
          if (this.tokens.matches2(TokenType._import, TokenType.parenL))
            return !1;
          let snapshot = this.tokens.snapshot();
          if (this.removeImportTypeBindings()) {
            for (this.tokens.restoreToSnapshot(snapshot); !this.tokens.matches1(TokenType.string); )
              this.tokens.removeToken();
            this.tokens.removeToken(), removeMaybeImportAttributes(this.tokens), this.tokens.matches1(TokenType.semi) && this.tokens.removeToken();
          }
          return !0;
        }
        /**
         * Remove type bindings from this import, leaving the rest of the import intact.
         *
         * Return true if this import was ONLY types, and thus is eligible for removal. This will bail out
         * of the replacement operation, so we can return early here.
         */
        removeImportTypeBindings() {
          if (this.tokens.copyExpectedToken(TokenType._import), this.tokens.matchesContextual(ContextualKeyword._type) && !this.tokens.matches1AtIndex(this.tokens.currentIndex() + 1, TokenType.comma) && !this.tokens.matchesContextualAtIndex(this.tokens.currentIndex() + 1, ContextualKeyword._from))
            return !0;
          if (this.tokens.matches1(TokenType.string))
            return this.tokens.copyToken(), !1;
          this.tokens.matchesContextual(ContextualKeyword._module) && this.tokens.matchesContextualAtIndex(this.tokens.currentIndex() + 2, ContextualKeyword._from) && this.tokens.copyToken();
          let foundNonTypeImport = !1, foundAnyNamedImport = !1, needsComma = !1;
          if (this.tokens.matches1(TokenType.name) && (this.shouldAutomaticallyElideImportedName(this.tokens.identifierName()) ? (this.tokens.removeToken(), this.tokens.matches1(TokenType.comma) && this.tokens.removeToken()) : (foundNonTypeImport = !0, this.tokens.copyToken(), this.tokens.matches1(TokenType.comma) && (needsComma = !0, this.tokens.removeToken()))), this.tokens.matches1(TokenType.star))
            this.shouldAutomaticallyElideImportedName(this.tokens.identifierNameAtRelativeIndex(2)) ? (this.tokens.removeToken(), this.tokens.removeToken(), this.tokens.removeToken()) : (needsComma && this.tokens.appendCode(","), foundNonTypeImport = !0, this.tokens.copyExpectedToken(TokenType.star), this.tokens.copyExpectedToken(TokenType.name), this.tokens.copyExpectedToken(TokenType.name));
          else if (this.tokens.matches1(TokenType.braceL)) {
            for (needsComma && this.tokens.appendCode(","), this.tokens.copyToken(); !this.tokens.matches1(TokenType.braceR); ) {
              foundAnyNamedImport = !0;
              let specifierInfo = getImportExportSpecifierInfo(this.tokens);
              if (specifierInfo.isType || this.shouldAutomaticallyElideImportedName(specifierInfo.rightName)) {
                for (; this.tokens.currentIndex() < specifierInfo.endIndex; )
                  this.tokens.removeToken();
                this.tokens.matches1(TokenType.comma) && this.tokens.removeToken();
              } else {
                for (foundNonTypeImport = !0; this.tokens.currentIndex() < specifierInfo.endIndex; )
                  this.tokens.copyToken();
                this.tokens.matches1(TokenType.comma) && this.tokens.copyToken();
              }
            }
            this.tokens.copyExpectedToken(TokenType.braceR);
          }
          return this.keepUnusedImports ? !1 : this.isTypeScriptTransformEnabled ? !foundNonTypeImport : this.isFlowTransformEnabled ? foundAnyNamedImport && !foundNonTypeImport : !1;
        }
        shouldAutomaticallyElideImportedName(name) {
          return this.isTypeScriptTransformEnabled && !this.keepUnusedImports && !this.nonTypeIdentifiers.has(name);
        }
        processExportDefault() {
          if (shouldElideDefaultExport(
            this.isTypeScriptTransformEnabled,
            this.keepUnusedImports,
            this.tokens,
            this.declarationInfo
          ))
            return this.tokens.removeInitialToken(), this.tokens.removeToken(), this.tokens.removeToken(), !0;
          if (!(this.tokens.matches4(TokenType._export, TokenType._default, TokenType._function, TokenType.name) || // export default async function
          this.tokens.matches5(TokenType._export, TokenType._default, TokenType.name, TokenType._function, TokenType.name) && this.tokens.matchesContextualAtIndex(
            this.tokens.currentIndex() + 2,
            ContextualKeyword._async
          ) || this.tokens.matches4(TokenType._export, TokenType._default, TokenType._class, TokenType.name) || this.tokens.matches5(TokenType._export, TokenType._default, TokenType._abstract, TokenType._class, TokenType.name)) && this.reactHotLoaderTransformer) {
            let defaultVarName = this.nameManager.claimFreeName("_default");
            return this.tokens.replaceToken(`let ${defaultVarName}; export`), this.tokens.copyToken(), this.tokens.appendCode(` ${defaultVarName} =`), this.reactHotLoaderTransformer.setExtractedDefaultExportName(defaultVarName), !0;
          }
          return !1;
        }
        /**
         * Handle a statement with one of these forms:
         * export {a, type b};
         * export {c, type d} from 'foo';
         *
         * In both cases, any explicit type exports should be removed. In the first
         * case, we also need to handle implicit export elision for names declared as
         * types. In the second case, we must NOT do implicit named export elision,
         * but we must remove the runtime import if all exports are type exports.
         */
        processNamedExports() {
          if (!this.isTypeScriptTransformEnabled)
            return !1;
          this.tokens.copyExpectedToken(TokenType._export), this.tokens.copyExpectedToken(TokenType.braceL);
          let isReExport = isExportFrom(this.tokens), foundNonTypeExport = !1;
          for (; !this.tokens.matches1(TokenType.braceR); ) {
            let specifierInfo = getImportExportSpecifierInfo(this.tokens);
            if (specifierInfo.isType || !isReExport && this.shouldElideExportedName(specifierInfo.leftName)) {
              for (; this.tokens.currentIndex() < specifierInfo.endIndex; )
                this.tokens.removeToken();
              this.tokens.matches1(TokenType.comma) && this.tokens.removeToken();
            } else {
              for (foundNonTypeExport = !0; this.tokens.currentIndex() < specifierInfo.endIndex; )
                this.tokens.copyToken();
              this.tokens.matches1(TokenType.comma) && this.tokens.copyToken();
            }
          }
          return this.tokens.copyExpectedToken(TokenType.braceR), !this.keepUnusedImports && isReExport && !foundNonTypeExport && (this.tokens.removeToken(), this.tokens.removeToken(), removeMaybeImportAttributes(this.tokens)), !0;
        }
        /**
         * ESM elides all imports with the rule that we only elide if we see that it's
         * a type and never see it as a value. This is in contrast to CJS, which
         * elides imports that are completely unknown.
         */
        shouldElideExportedName(name) {
          return this.isTypeScriptTransformEnabled && !this.keepUnusedImports && this.declarationInfo.typeDeclarations.has(name) && !this.declarationInfo.valueDeclarations.has(name);
        }
      };
    }
  });

  // node_modules/sucrase/dist/esm/transformers/FlowTransformer.js
  var FlowTransformer, init_FlowTransformer = __esm({
    "node_modules/sucrase/dist/esm/transformers/FlowTransformer.js"() {
      init_keywords();
      init_types();
      init_Transformer();
      FlowTransformer = class extends Transformer {
        constructor(rootTransformer, tokens, isImportsTransformEnabled) {
          super(), this.rootTransformer = rootTransformer, this.tokens = tokens, this.isImportsTransformEnabled = isImportsTransformEnabled;
        }
        process() {
          return this.rootTransformer.processPossibleArrowParamEnd() || this.rootTransformer.processPossibleAsyncArrowWithTypeParams() || this.rootTransformer.processPossibleTypeRange() ? !0 : this.tokens.matches1(TokenType._enum) ? (this.processEnum(), !0) : this.tokens.matches2(TokenType._export, TokenType._enum) ? (this.processNamedExportEnum(), !0) : this.tokens.matches3(TokenType._export, TokenType._default, TokenType._enum) ? (this.processDefaultExportEnum(), !0) : !1;
        }
        /**
         * Handle a declaration like:
         * export enum E ...
         *
         * With this imports transform, this becomes:
         * const E = [[enum]]; exports.E = E;
         *
         * otherwise, it becomes:
         * export const E = [[enum]];
         */
        processNamedExportEnum() {
          if (this.isImportsTransformEnabled) {
            this.tokens.removeInitialToken();
            let enumName = this.tokens.identifierNameAtRelativeIndex(1);
            this.processEnum(), this.tokens.appendCode(` exports.${enumName} = ${enumName};`);
          } else
            this.tokens.copyToken(), this.processEnum();
        }
        /**
         * Handle a declaration like:
         * export default enum E
         *
         * With the imports transform, this becomes:
         * const E = [[enum]]; exports.default = E;
         *
         * otherwise, it becomes:
         * const E = [[enum]]; export default E;
         */
        processDefaultExportEnum() {
          this.tokens.removeInitialToken(), this.tokens.removeToken();
          let enumName = this.tokens.identifierNameAtRelativeIndex(1);
          this.processEnum(), this.isImportsTransformEnabled ? this.tokens.appendCode(` exports.default = ${enumName};`) : this.tokens.appendCode(` export default ${enumName};`);
        }
        /**
         * Transpile flow enums to invoke the "flow-enums-runtime" library.
         *
         * Currently, the transpiled code always uses `require("flow-enums-runtime")`,
         * but if future flexibility is needed, we could expose a config option for
         * this string (similar to configurable JSX). Even when targeting ESM, the
         * default behavior of babel-plugin-transform-flow-enums is to use require
         * rather than injecting an import.
         *
         * Flow enums are quite a bit simpler than TS enums and have some convenient
         * constraints:
         * - Element initializers must be either always present or always absent. That
         *   means that we can use fixed lookahead on the first element (if any) and
         *   assume that all elements are like that.
         * - The right-hand side of an element initializer must be a literal value,
         *   not a complex expression and not referencing other elements. That means
         *   we can simply copy a single token.
         *
         * Enums can be broken up into three basic cases:
         *
         * Mirrored enums:
         * enum E {A, B}
         *   ->
         * const E = require("flow-enums-runtime").Mirrored(["A", "B"]);
         *
         * Initializer enums:
         * enum E {A = 1, B = 2}
         *   ->
         * const E = require("flow-enums-runtime")({A: 1, B: 2});
         *
         * Symbol enums:
         * enum E of symbol {A, B}
         *   ->
         * const E = require("flow-enums-runtime")({A: Symbol("A"), B: Symbol("B")});
         *
         * We can statically detect which of the three cases this is by looking at the
         * "of" declaration (if any) and seeing if the first element has an initializer.
         * Since the other transform details are so similar between the three cases, we
         * use a single implementation and vary the transform within processEnumElement
         * based on case.
         */
        processEnum() {
          this.tokens.replaceToken("const"), this.tokens.copyExpectedToken(TokenType.name);
          let isSymbolEnum = !1;
          this.tokens.matchesContextual(ContextualKeyword._of) && (this.tokens.removeToken(), isSymbolEnum = this.tokens.matchesContextual(ContextualKeyword._symbol), this.tokens.removeToken());
          let hasInitializers = this.tokens.matches3(TokenType.braceL, TokenType.name, TokenType.eq);
          this.tokens.appendCode(' = require("flow-enums-runtime")');
          let isMirrored = !isSymbolEnum && !hasInitializers;
          for (this.tokens.replaceTokenTrimmingLeftWhitespace(isMirrored ? ".Mirrored([" : "({"); !this.tokens.matches1(TokenType.braceR); ) {
            if (this.tokens.matches1(TokenType.ellipsis)) {
              this.tokens.removeToken();
              break;
            }
            this.processEnumElement(isSymbolEnum, hasInitializers), this.tokens.matches1(TokenType.comma) && this.tokens.copyToken();
          }
          this.tokens.replaceToken(isMirrored ? "]);" : "});");
        }
        /**
         * Process an individual enum element, producing either an array element or an
         * object element based on what type of enum this is.
         */
        processEnumElement(isSymbolEnum, hasInitializers) {
          if (isSymbolEnum) {
            let elementName = this.tokens.identifierName();
            this.tokens.copyToken(), this.tokens.appendCode(`: Symbol("${elementName}")`);
          } else hasInitializers ? (this.tokens.copyToken(), this.tokens.replaceTokenTrimmingLeftWhitespace(":"), this.tokens.copyToken()) : this.tokens.replaceToken(`"${this.tokens.identifierName()}"`);
        }
      };
    }
  });

  // node_modules/sucrase/dist/esm/transformers/JestHoistTransformer.js
  function _optionalChain(ops) {
    let lastAccessLHS, value = ops[0], i = 1;
    for (; i < ops.length; ) {
      let op = ops[i], fn = ops[i + 1];
      if (i += 2, (op === "optionalAccess" || op === "optionalCall") && value == null)
        return;
      op === "access" || op === "optionalAccess" ? (lastAccessLHS = value, value = fn(value)) : (op === "call" || op === "optionalCall") && (value = fn((...args) => value.call(lastAccessLHS, ...args)), lastAccessLHS = void 0);
    }
    return value;
  }
  var JEST_GLOBAL_NAME, HOISTED_METHODS, JestHoistTransformer, init_JestHoistTransformer = __esm({
    "node_modules/sucrase/dist/esm/transformers/JestHoistTransformer.js"() {
      init_types();
      init_Transformer();
      JEST_GLOBAL_NAME = "jest", HOISTED_METHODS = ["mock", "unmock", "enableAutomock", "disableAutomock"], JestHoistTransformer = class _JestHoistTransformer extends Transformer {
        __init() {
          this.hoistedFunctionNames = [];
        }
        constructor(rootTransformer, tokens, nameManager, importProcessor) {
          super(), this.rootTransformer = rootTransformer, this.tokens = tokens, this.nameManager = nameManager, this.importProcessor = importProcessor, _JestHoistTransformer.prototype.__init.call(this);
        }
        process() {
          return this.tokens.currentToken().scopeDepth === 0 && this.tokens.matches4(TokenType.name, TokenType.dot, TokenType.name, TokenType.parenL) && this.tokens.identifierName() === JEST_GLOBAL_NAME ? _optionalChain([this, "access", (_) => _.importProcessor, "optionalAccess", (_2) => _2.getGlobalNames, "call", (_3) => _3(), "optionalAccess", (_4) => _4.has, "call", (_5) => _5(JEST_GLOBAL_NAME)]) ? !1 : this.extractHoistedCalls() : !1;
        }
        getHoistedCode() {
          return this.hoistedFunctionNames.length > 0 ? this.hoistedFunctionNames.map((name) => `${name}();`).join("") : "";
        }
        /**
         * Extracts any methods calls on the jest-object that should be hoisted.
         *
         * According to the jest docs, https://jestjs.io/docs/en/jest-object#jestmockmodulename-factory-options,
         * mock, unmock, enableAutomock, disableAutomock, are the methods that should be hoisted.
         *
         * We do not apply the same checks of the arguments as babel-plugin-jest-hoist does.
         */
        extractHoistedCalls() {
          this.tokens.removeToken();
          let followsNonHoistedJestCall = !1;
          for (; this.tokens.matches3(TokenType.dot, TokenType.name, TokenType.parenL); ) {
            let methodName = this.tokens.identifierNameAtIndex(this.tokens.currentIndex() + 1);
            if (HOISTED_METHODS.includes(methodName)) {
              let hoistedFunctionName = this.nameManager.claimFreeName("__jestHoist");
              this.hoistedFunctionNames.push(hoistedFunctionName), this.tokens.replaceToken(`function ${hoistedFunctionName}(){${JEST_GLOBAL_NAME}.`), this.tokens.copyToken(), this.tokens.copyToken(), this.rootTransformer.processBalancedCode(), this.tokens.copyExpectedToken(TokenType.parenR), this.tokens.appendCode(";}"), followsNonHoistedJestCall = !1;
            } else
              followsNonHoistedJestCall ? this.tokens.copyToken() : this.tokens.replaceToken(`${JEST_GLOBAL_NAME}.`), this.tokens.copyToken(), this.tokens.copyToken(), this.rootTransformer.processBalancedCode(), this.tokens.copyExpectedToken(TokenType.parenR), followsNonHoistedJestCall = !0;
          }
          return !0;
        }
      };
    }
  });

  // node_modules/sucrase/dist/esm/transformers/NumericSeparatorTransformer.js
  var NumericSeparatorTransformer, init_NumericSeparatorTransformer = __esm({
    "node_modules/sucrase/dist/esm/transformers/NumericSeparatorTransformer.js"() {
      init_types();
      init_Transformer();
      NumericSeparatorTransformer = class extends Transformer {
        constructor(tokens) {
          super(), this.tokens = tokens;
        }
        process() {
          if (this.tokens.matches1(TokenType.num)) {
            let code = this.tokens.currentTokenCode();
            if (code.includes("_"))
              return this.tokens.replaceToken(code.replace(/_/g, "")), !0;
          }
          return !1;
        }
      };
    }
  });

  // node_modules/sucrase/dist/esm/transformers/OptionalCatchBindingTransformer.js
  var OptionalCatchBindingTransformer, init_OptionalCatchBindingTransformer = __esm({
    "node_modules/sucrase/dist/esm/transformers/OptionalCatchBindingTransformer.js"() {
      init_types();
      init_Transformer();
      OptionalCatchBindingTransformer = class extends Transformer {
        constructor(tokens, nameManager) {
          super(), this.tokens = tokens, this.nameManager = nameManager;
        }
        process() {
          return this.tokens.matches2(TokenType._catch, TokenType.braceL) ? (this.tokens.copyToken(), this.tokens.appendCode(` (${this.nameManager.claimFreeName("e")})`), !0) : !1;
        }
      };
    }
  });

  // node_modules/sucrase/dist/esm/transformers/OptionalChainingNullishTransformer.js
  var OptionalChainingNullishTransformer, init_OptionalChainingNullishTransformer = __esm({
    "node_modules/sucrase/dist/esm/transformers/OptionalChainingNullishTransformer.js"() {
      init_types();
      init_Transformer();
      OptionalChainingNullishTransformer = class extends Transformer {
        constructor(tokens, nameManager) {
          super(), this.tokens = tokens, this.nameManager = nameManager;
        }
        process() {
          if (this.tokens.matches1(TokenType.nullishCoalescing)) {
            let token2 = this.tokens.currentToken();
            return this.tokens.tokens[token2.nullishStartIndex].isAsyncOperation ? this.tokens.replaceTokenTrimmingLeftWhitespace(", async () => (") : this.tokens.replaceTokenTrimmingLeftWhitespace(", () => ("), !0;
          }
          if (this.tokens.matches1(TokenType._delete) && this.tokens.tokenAtRelativeIndex(1).isOptionalChainStart)
            return this.tokens.removeInitialToken(), !0;
          let chainStart = this.tokens.currentToken().subscriptStartIndex;
          if (chainStart != null && this.tokens.tokens[chainStart].isOptionalChainStart && // Super subscripts can't be optional (since super is never null/undefined), and the syntax
          // relies on the subscript being intact, so leave this token alone.
          this.tokens.tokenAtRelativeIndex(-1).type !== TokenType._super) {
            let param = this.nameManager.claimFreeName("_"), arrowStartSnippet;
            if (chainStart > 0 && this.tokens.matches1AtIndex(chainStart - 1, TokenType._delete) && this.isLastSubscriptInChain() ? arrowStartSnippet = `${param} => delete ${param}` : arrowStartSnippet = `${param} => ${param}`, this.tokens.tokens[chainStart].isAsyncOperation && (arrowStartSnippet = `async ${arrowStartSnippet}`), this.tokens.matches2(TokenType.questionDot, TokenType.parenL) || this.tokens.matches2(TokenType.questionDot, TokenType.lessThan))
              this.justSkippedSuper() && this.tokens.appendCode(".bind(this)"), this.tokens.replaceTokenTrimmingLeftWhitespace(`, 'optionalCall', ${arrowStartSnippet}`);
            else if (this.tokens.matches2(TokenType.questionDot, TokenType.bracketL))
              this.tokens.replaceTokenTrimmingLeftWhitespace(`, 'optionalAccess', ${arrowStartSnippet}`);
            else if (this.tokens.matches1(TokenType.questionDot))
              this.tokens.replaceTokenTrimmingLeftWhitespace(`, 'optionalAccess', ${arrowStartSnippet}.`);
            else if (this.tokens.matches1(TokenType.dot))
              this.tokens.replaceTokenTrimmingLeftWhitespace(`, 'access', ${arrowStartSnippet}.`);
            else if (this.tokens.matches1(TokenType.bracketL))
              this.tokens.replaceTokenTrimmingLeftWhitespace(`, 'access', ${arrowStartSnippet}[`);
            else if (this.tokens.matches1(TokenType.parenL))
              this.justSkippedSuper() && this.tokens.appendCode(".bind(this)"), this.tokens.replaceTokenTrimmingLeftWhitespace(`, 'call', ${arrowStartSnippet}(`);
            else
              throw new Error("Unexpected subscript operator in optional chain.");
            return !0;
          }
          return !1;
        }
        /**
         * Determine if the current token is the last of its chain, so that we know whether it's eligible
         * to have a delete op inserted.
         *
         * We can do this by walking forward until we determine one way or another. Each
         * isOptionalChainStart token must be paired with exactly one isOptionalChainEnd token after it in
         * a nesting way, so we can track depth and walk to the end of the chain (the point where the
         * depth goes negative) and see if any other subscript token is after us in the chain.
         */
        isLastSubscriptInChain() {
          let depth = 0;
          for (let i = this.tokens.currentIndex() + 1; ; i++) {
            if (i >= this.tokens.tokens.length)
              throw new Error("Reached the end of the code while finding the end of the access chain.");
            if (this.tokens.tokens[i].isOptionalChainStart ? depth++ : this.tokens.tokens[i].isOptionalChainEnd && depth--, depth < 0)
              return !0;
            if (depth === 0 && this.tokens.tokens[i].subscriptStartIndex != null)
              return !1;
          }
        }
        /**
         * Determine if we are the open-paren in an expression like super.a()?.b.
         *
         * We can do this by walking backward to find the previous subscript. If that subscript was
         * preceded by a super, then we must be the subscript after it, so if this is a call expression,
         * we'll need to attach the right context.
         */
        justSkippedSuper() {
          let depth = 0, index = this.tokens.currentIndex() - 1;
          for (; ; ) {
            if (index < 0)
              throw new Error(
                "Reached the start of the code while finding the start of the access chain."
              );
            if (this.tokens.tokens[index].isOptionalChainStart ? depth-- : this.tokens.tokens[index].isOptionalChainEnd && depth++, depth < 0)
              return !1;
            if (depth === 0 && this.tokens.tokens[index].subscriptStartIndex != null)
              return this.tokens.tokens[index - 1].type === TokenType._super;
            index--;
          }
        }
      };
    }
  });

  // node_modules/sucrase/dist/esm/transformers/ReactDisplayNameTransformer.js
  var ReactDisplayNameTransformer, init_ReactDisplayNameTransformer = __esm({
    "node_modules/sucrase/dist/esm/transformers/ReactDisplayNameTransformer.js"() {
      init_tokenizer();
      init_types();
      init_Transformer();
      ReactDisplayNameTransformer = class extends Transformer {
        constructor(rootTransformer, tokens, importProcessor, options) {
          super(), this.rootTransformer = rootTransformer, this.tokens = tokens, this.importProcessor = importProcessor, this.options = options;
        }
        process() {
          let startIndex = this.tokens.currentIndex();
          if (this.tokens.identifierName() === "createReactClass") {
            let newName = this.importProcessor && this.importProcessor.getIdentifierReplacement("createReactClass");
            return newName ? this.tokens.replaceToken(`(0, ${newName})`) : this.tokens.copyToken(), this.tryProcessCreateClassCall(startIndex), !0;
          }
          if (this.tokens.matches3(TokenType.name, TokenType.dot, TokenType.name) && this.tokens.identifierName() === "React" && this.tokens.identifierNameAtIndex(this.tokens.currentIndex() + 2) === "createClass") {
            let newName = this.importProcessor && this.importProcessor.getIdentifierReplacement("React") || "React";
            return newName ? (this.tokens.replaceToken(newName), this.tokens.copyToken(), this.tokens.copyToken()) : (this.tokens.copyToken(), this.tokens.copyToken(), this.tokens.copyToken()), this.tryProcessCreateClassCall(startIndex), !0;
          }
          return !1;
        }
        /**
         * This is called with the token position at the open-paren.
         */
        tryProcessCreateClassCall(startIndex) {
          let displayName = this.findDisplayName(startIndex);
          displayName && this.classNeedsDisplayName() && (this.tokens.copyExpectedToken(TokenType.parenL), this.tokens.copyExpectedToken(TokenType.braceL), this.tokens.appendCode(`displayName: '${displayName}',`), this.rootTransformer.processBalancedCode(), this.tokens.copyExpectedToken(TokenType.braceR), this.tokens.copyExpectedToken(TokenType.parenR));
        }
        findDisplayName(startIndex) {
          return startIndex < 2 ? null : this.tokens.matches2AtIndex(startIndex - 2, TokenType.name, TokenType.eq) ? this.tokens.identifierNameAtIndex(startIndex - 2) : startIndex >= 2 && this.tokens.tokens[startIndex - 2].identifierRole === IdentifierRole.ObjectKey ? this.tokens.identifierNameAtIndex(startIndex - 2) : this.tokens.matches2AtIndex(startIndex - 2, TokenType._export, TokenType._default) ? this.getDisplayNameFromFilename() : null;
        }
        getDisplayNameFromFilename() {
          let pathSegments = (this.options.filePath || "unknown").split("/"), filename = pathSegments[pathSegments.length - 1], dotIndex = filename.lastIndexOf("."), baseFilename = dotIndex === -1 ? filename : filename.slice(0, dotIndex);
          return baseFilename === "index" && pathSegments[pathSegments.length - 2] ? pathSegments[pathSegments.length - 2] : baseFilename;
        }
        /**
         * We only want to add a display name when this is a function call containing
         * one argument, which is an object literal without `displayName` as an
         * existing key.
         */
        classNeedsDisplayName() {
          let index = this.tokens.currentIndex();
          if (!this.tokens.matches2(TokenType.parenL, TokenType.braceL))
            return !1;
          let objectStartIndex = index + 1, objectContextId = this.tokens.tokens[objectStartIndex].contextId;
          if (objectContextId == null)
            throw new Error("Expected non-null context ID on object open-brace.");
          for (; index < this.tokens.tokens.length; index++) {
            let token = this.tokens.tokens[index];
            if (token.type === TokenType.braceR && token.contextId === objectContextId) {
              index++;
              break;
            }
            if (this.tokens.identifierNameAtIndex(index) === "displayName" && this.tokens.tokens[index].identifierRole === IdentifierRole.ObjectKey && token.contextId === objectContextId)
              return !1;
          }
          if (index === this.tokens.tokens.length)
            throw new Error("Unexpected end of input when processing React class.");
          return this.tokens.matches1AtIndex(index, TokenType.parenR) || this.tokens.matches2AtIndex(index, TokenType.comma, TokenType.parenR);
        }
      };
    }
  });

  // node_modules/sucrase/dist/esm/transformers/ReactHotLoaderTransformer.js
  var ReactHotLoaderTransformer, init_ReactHotLoaderTransformer = __esm({
    "node_modules/sucrase/dist/esm/transformers/ReactHotLoaderTransformer.js"() {
      init_tokenizer();
      init_Transformer();
      ReactHotLoaderTransformer = class _ReactHotLoaderTransformer extends Transformer {
        __init() {
          this.extractedDefaultExportName = null;
        }
        constructor(tokens, filePath) {
          super(), this.tokens = tokens, this.filePath = filePath, _ReactHotLoaderTransformer.prototype.__init.call(this);
        }
        setExtractedDefaultExportName(extractedDefaultExportName) {
          this.extractedDefaultExportName = extractedDefaultExportName;
        }
        getPrefixCode() {
          return `
      (function () {
        var enterModule = require('react-hot-loader').enterModule;
        enterModule && enterModule(module);
      })();`.replace(/\s+/g, " ").trim();
        }
        getSuffixCode() {
          let topLevelNames = /* @__PURE__ */ new Set();
          for (let token of this.tokens.tokens)
            !token.isType && isTopLevelDeclaration(token) && token.identifierRole !== IdentifierRole.ImportDeclaration && topLevelNames.add(this.tokens.identifierNameForToken(token));
          let namesToRegister = Array.from(topLevelNames).map((name) => ({
            variableName: name,
            uniqueLocalName: name
          }));
          return this.extractedDefaultExportName && namesToRegister.push({
            variableName: this.extractedDefaultExportName,
            uniqueLocalName: "default"
          }), `
;(function () {
  var reactHotLoader = require('react-hot-loader').default;
  var leaveModule = require('react-hot-loader').leaveModule;
  if (!reactHotLoader) {
    return;
  }
${namesToRegister.map(
            ({ variableName, uniqueLocalName }) => `  reactHotLoader.register(${variableName}, "${uniqueLocalName}", ${JSON.stringify(
              this.filePath || ""
            )});`
          ).join(`
`)}
  leaveModule(module);
})();`;
        }
        process() {
          return !1;
        }
      };
    }
  });

  // node_modules/sucrase/dist/esm/util/isIdentifier.js
  function isIdentifier(name) {
    if (name.length === 0 || !IS_IDENTIFIER_START[name.charCodeAt(0)])
      return !1;
    for (let i = 1; i < name.length; i++)
      if (!IS_IDENTIFIER_CHAR[name.charCodeAt(i)])
        return !1;
    return !RESERVED_WORDS.has(name);
  }
  var RESERVED_WORDS, init_isIdentifier = __esm({
    "node_modules/sucrase/dist/esm/util/isIdentifier.js"() {
      init_identifier();
      RESERVED_WORDS = /* @__PURE__ */ new Set([
        // Reserved keywords as of ECMAScript 2015
        "break",
        "case",
        "catch",
        "class",
        "const",
        "continue",
        "debugger",
        "default",
        "delete",
        "do",
        "else",
        "export",
        "extends",
        "finally",
        "for",
        "function",
        "if",
        "import",
        "in",
        "instanceof",
        "new",
        "return",
        "super",
        "switch",
        "this",
        "throw",
        "try",
        "typeof",
        "var",
        "void",
        "while",
        "with",
        "yield",
        // Future reserved keywords
        "enum",
        "implements",
        "interface",
        "let",
        "package",
        "private",
        "protected",
        "public",
        "static",
        "await",
        // Literals that cannot be used as identifiers
        "false",
        "null",
        "true"
      ]);
    }
  });

  // node_modules/sucrase/dist/esm/transformers/TypeScriptTransformer.js
  var TypeScriptTransformer, init_TypeScriptTransformer = __esm({
    "node_modules/sucrase/dist/esm/transformers/TypeScriptTransformer.js"() {
      init_types();
      init_isIdentifier();
      init_Transformer();
      TypeScriptTransformer = class extends Transformer {
        constructor(rootTransformer, tokens, isImportsTransformEnabled) {
          super(), this.rootTransformer = rootTransformer, this.tokens = tokens, this.isImportsTransformEnabled = isImportsTransformEnabled;
        }
        process() {
          return this.rootTransformer.processPossibleArrowParamEnd() || this.rootTransformer.processPossibleAsyncArrowWithTypeParams() || this.rootTransformer.processPossibleTypeRange() ? !0 : this.tokens.matches1(TokenType._public) || this.tokens.matches1(TokenType._protected) || this.tokens.matches1(TokenType._private) || this.tokens.matches1(TokenType._abstract) || this.tokens.matches1(TokenType._readonly) || this.tokens.matches1(TokenType._override) || this.tokens.matches1(TokenType.nonNullAssertion) ? (this.tokens.removeInitialToken(), !0) : this.tokens.matches1(TokenType._enum) || this.tokens.matches2(TokenType._const, TokenType._enum) ? (this.processEnum(), !0) : this.tokens.matches2(TokenType._export, TokenType._enum) || this.tokens.matches3(TokenType._export, TokenType._const, TokenType._enum) ? (this.processEnum(!0), !0) : !1;
        }
        processEnum(isExport = !1) {
          for (this.tokens.removeInitialToken(); this.tokens.matches1(TokenType._const) || this.tokens.matches1(TokenType._enum); )
            this.tokens.removeToken();
          let enumName = this.tokens.identifierName();
          this.tokens.removeToken(), isExport && !this.isImportsTransformEnabled && this.tokens.appendCode("export "), this.tokens.appendCode(`var ${enumName}; (function (${enumName})`), this.tokens.copyExpectedToken(TokenType.braceL), this.processEnumBody(enumName), this.tokens.copyExpectedToken(TokenType.braceR), isExport && this.isImportsTransformEnabled ? this.tokens.appendCode(`)(${enumName} || (exports.${enumName} = ${enumName} = {}));`) : this.tokens.appendCode(`)(${enumName} || (${enumName} = {}));`);
        }
        /**
         * Transform an enum into equivalent JS. This has complexity in a few places:
         * - TS allows string enums, numeric enums, and a mix of the two styles within an enum.
         * - Enum keys are allowed to be referenced in later enum values.
         * - Enum keys are allowed to be strings.
         * - When enum values are omitted, they should follow an auto-increment behavior.
         */
        processEnumBody(enumName) {
          let previousValueCode = null;
          for (; !this.tokens.matches1(TokenType.braceR); ) {
            let { nameStringCode, variableName } = this.extractEnumKeyInfo(this.tokens.currentToken());
            this.tokens.removeInitialToken(), this.tokens.matches3(TokenType.eq, TokenType.string, TokenType.comma) || this.tokens.matches3(TokenType.eq, TokenType.string, TokenType.braceR) ? this.processStringLiteralEnumMember(enumName, nameStringCode, variableName) : this.tokens.matches1(TokenType.eq) ? this.processExplicitValueEnumMember(enumName, nameStringCode, variableName) : this.processImplicitValueEnumMember(
              enumName,
              nameStringCode,
              variableName,
              previousValueCode
            ), this.tokens.matches1(TokenType.comma) && this.tokens.removeToken(), variableName != null ? previousValueCode = variableName : previousValueCode = `${enumName}[${nameStringCode}]`;
          }
        }
        /**
         * Detect name information about this enum key, which will be used to determine which code to emit
         * and whether we should declare a variable as part of this declaration.
         *
         * Some cases to keep in mind:
         * - Enum keys can be implicitly referenced later, e.g. `X = 1, Y = X`. In Sucrase, we implement
         *   this by declaring a variable `X` so that later expressions can use it.
         * - In addition to the usual identifier key syntax, enum keys are allowed to be string literals,
         *   e.g. `"hello world" = 3,`. Template literal syntax is NOT allowed.
         * - Even if the enum key is defined as a string literal, it may still be referenced by identifier
         *   later, e.g. `"X" = 1, Y = X`. That means that we need to detect whether or not a string
         *   literal is identifier-like and emit a variable if so, even if the declaration did not use an
         *   identifier.
         * - Reserved keywords like `break` are valid enum keys, but are not valid to be referenced later
         *   and would be a syntax error if we emitted a variable, so we need to skip the variable
         *   declaration in those cases.
         *
         * The variableName return value captures these nuances: if non-null, we can and must emit a
         * variable declaration, and if null, we can't and shouldn't.
         */
        extractEnumKeyInfo(nameToken) {
          if (nameToken.type === TokenType.name) {
            let name = this.tokens.identifierNameForToken(nameToken);
            return {
              nameStringCode: `"${name}"`,
              variableName: isIdentifier(name) ? name : null
            };
          } else if (nameToken.type === TokenType.string) {
            let name = this.tokens.stringValueForToken(nameToken);
            return {
              nameStringCode: this.tokens.code.slice(nameToken.start, nameToken.end),
              variableName: isIdentifier(name) ? name : null
            };
          } else
            throw new Error("Expected name or string at beginning of enum element.");
        }
        /**
         * Handle an enum member where the RHS is just a string literal (not omitted, not a number, and
         * not a complex expression). This is the typical form for TS string enums, and in this case, we
         * do *not* create a reverse mapping.
         *
         * This is called after deleting the key token, when the token processor is at the equals sign.
         *
         * Example 1:
         * someKey = "some value"
         * ->
         * const someKey = "some value"; MyEnum["someKey"] = someKey;
         *
         * Example 2:
         * "some key" = "some value"
         * ->
         * MyEnum["some key"] = "some value";
         */
        processStringLiteralEnumMember(enumName, nameStringCode, variableName) {
          variableName != null ? (this.tokens.appendCode(`const ${variableName}`), this.tokens.copyToken(), this.tokens.copyToken(), this.tokens.appendCode(`; ${enumName}[${nameStringCode}] = ${variableName};`)) : (this.tokens.appendCode(`${enumName}[${nameStringCode}]`), this.tokens.copyToken(), this.tokens.copyToken(), this.tokens.appendCode(";"));
        }
        /**
         * Handle an enum member initialized with an expression on the right-hand side (other than a
         * string literal). In these cases, we should transform the expression and emit code that sets up
         * a reverse mapping.
         *
         * The TypeScript implementation of this operation distinguishes between expressions that can be
         * "constant folded" at compile time (i.e. consist of number literals and simple math operations
         * on those numbers) and ones that are dynamic. For constant expressions, it emits the resolved
         * numeric value, and auto-incrementing is only allowed in that case. Evaluating expressions at
         * compile time would add significant complexity to Sucrase, so Sucrase instead leaves the
         * expression as-is, and will later emit something like `MyEnum["previousKey"] + 1` to implement
         * auto-incrementing.
         *
         * This is called after deleting the key token, when the token processor is at the equals sign.
         *
         * Example 1:
         * someKey = 1 + 1
         * ->
         * const someKey = 1 + 1; MyEnum[MyEnum["someKey"] = someKey] = "someKey";
         *
         * Example 2:
         * "some key" = 1 + 1
         * ->
         * MyEnum[MyEnum["some key"] = 1 + 1] = "some key";
         */
        processExplicitValueEnumMember(enumName, nameStringCode, variableName) {
          let rhsEndIndex = this.tokens.currentToken().rhsEndIndex;
          if (rhsEndIndex == null)
            throw new Error("Expected rhsEndIndex on enum assign.");
          if (variableName != null) {
            for (this.tokens.appendCode(`const ${variableName}`), this.tokens.copyToken(); this.tokens.currentIndex() < rhsEndIndex; )
              this.rootTransformer.processToken();
            this.tokens.appendCode(
              `; ${enumName}[${enumName}[${nameStringCode}] = ${variableName}] = ${nameStringCode};`
            );
          } else {
            for (this.tokens.appendCode(`${enumName}[${enumName}[${nameStringCode}]`), this.tokens.copyToken(); this.tokens.currentIndex() < rhsEndIndex; )
              this.rootTransformer.processToken();
            this.tokens.appendCode(`] = ${nameStringCode};`);
          }
        }
        /**
         * Handle an enum member with no right-hand side expression. In this case, the value is the
         * previous value plus 1, or 0 if there was no previous value. We should also always emit a
         * reverse mapping.
         *
         * Example 1:
         * someKey2
         * ->
         * const someKey2 = someKey1 + 1; MyEnum[MyEnum["someKey2"] = someKey2] = "someKey2";
         *
         * Example 2:
         * "some key 2"
         * ->
         * MyEnum[MyEnum["some key 2"] = someKey1 + 1] = "some key 2";
         */
        processImplicitValueEnumMember(enumName, nameStringCode, variableName, previousValueCode) {
          let valueCode = previousValueCode != null ? `${previousValueCode} + 1` : "0";
          variableName != null && (this.tokens.appendCode(`const ${variableName} = ${valueCode}; `), valueCode = variableName), this.tokens.appendCode(
            `${enumName}[${enumName}[${nameStringCode}] = ${valueCode}] = ${nameStringCode};`
          );
        }
      };
    }
  });

  // node_modules/sucrase/dist/esm/transformers/RootTransformer.js
  var RootTransformer, init_RootTransformer = __esm({
    "node_modules/sucrase/dist/esm/transformers/RootTransformer.js"() {
      init_keywords();
      init_types();
      init_getClassInfo();
      init_CJSImportTransformer();
      init_ESMImportTransformer();
      init_FlowTransformer();
      init_JestHoistTransformer();
      init_JSXTransformer();
      init_NumericSeparatorTransformer();
      init_OptionalCatchBindingTransformer();
      init_OptionalChainingNullishTransformer();
      init_ReactDisplayNameTransformer();
      init_ReactHotLoaderTransformer();
      init_TypeScriptTransformer();
      RootTransformer = class _RootTransformer {
        __init() {
          this.transformers = [];
        }
        __init2() {
          this.generatedVariables = [];
        }
        constructor(sucraseContext, transforms, enableLegacyBabel5ModuleInterop, options) {
          _RootTransformer.prototype.__init.call(this), _RootTransformer.prototype.__init2.call(this), this.nameManager = sucraseContext.nameManager, this.helperManager = sucraseContext.helperManager;
          let { tokenProcessor, importProcessor } = sucraseContext;
          this.tokens = tokenProcessor, this.isImportsTransformEnabled = transforms.includes("imports"), this.isReactHotLoaderTransformEnabled = transforms.includes("react-hot-loader"), this.disableESTransforms = !!options.disableESTransforms, options.disableESTransforms || (this.transformers.push(
            new OptionalChainingNullishTransformer(tokenProcessor, this.nameManager)
          ), this.transformers.push(new NumericSeparatorTransformer(tokenProcessor)), this.transformers.push(new OptionalCatchBindingTransformer(tokenProcessor, this.nameManager))), transforms.includes("jsx") && (options.jsxRuntime !== "preserve" && this.transformers.push(
            new JSXTransformer(this, tokenProcessor, importProcessor, this.nameManager, options)
          ), this.transformers.push(
            new ReactDisplayNameTransformer(this, tokenProcessor, importProcessor, options)
          ));
          let reactHotLoaderTransformer = null;
          if (transforms.includes("react-hot-loader")) {
            if (!options.filePath)
              throw new Error("filePath is required when using the react-hot-loader transform.");
            reactHotLoaderTransformer = new ReactHotLoaderTransformer(tokenProcessor, options.filePath), this.transformers.push(reactHotLoaderTransformer);
          }
          if (transforms.includes("imports")) {
            if (importProcessor === null)
              throw new Error("Expected non-null importProcessor with imports transform enabled.");
            this.transformers.push(
              new CJSImportTransformer(
                this,
                tokenProcessor,
                importProcessor,
                this.nameManager,
                this.helperManager,
                reactHotLoaderTransformer,
                enableLegacyBabel5ModuleInterop,
                !!options.enableLegacyTypeScriptModuleInterop,
                transforms.includes("typescript"),
                transforms.includes("flow"),
                !!options.preserveDynamicImport,
                !!options.keepUnusedImports
              )
            );
          } else
            this.transformers.push(
              new ESMImportTransformer(
                tokenProcessor,
                this.nameManager,
                this.helperManager,
                reactHotLoaderTransformer,
                transforms.includes("typescript"),
                transforms.includes("flow"),
                !!options.keepUnusedImports,
                options
              )
            );
          transforms.includes("flow") && this.transformers.push(
            new FlowTransformer(this, tokenProcessor, transforms.includes("imports"))
          ), transforms.includes("typescript") && this.transformers.push(
            new TypeScriptTransformer(this, tokenProcessor, transforms.includes("imports"))
          ), transforms.includes("jest") && this.transformers.push(
            new JestHoistTransformer(this, tokenProcessor, this.nameManager, importProcessor)
          );
        }
        transform() {
          this.tokens.reset(), this.processBalancedCode();
          let prefix = this.isImportsTransformEnabled ? '"use strict";' : "";
          for (let transformer of this.transformers)
            prefix += transformer.getPrefixCode();
          prefix += this.helperManager.emitHelpers(), prefix += this.generatedVariables.map((v) => ` var ${v};`).join("");
          for (let transformer of this.transformers)
            prefix += transformer.getHoistedCode();
          let suffix = "";
          for (let transformer of this.transformers)
            suffix += transformer.getSuffixCode();
          let result = this.tokens.finish(), { code } = result;
          if (code.startsWith("#!")) {
            let newlineIndex = code.indexOf(`
`);
            return newlineIndex === -1 && (newlineIndex = code.length, code += `
`), {
              code: code.slice(0, newlineIndex + 1) + prefix + code.slice(newlineIndex + 1) + suffix,
              // The hashbang line has no tokens, so shifting the tokens to account
              // for prefix can happen normally.
              mappings: this.shiftMappings(result.mappings, prefix.length)
            };
          } else
            return {
              code: prefix + code + suffix,
              mappings: this.shiftMappings(result.mappings, prefix.length)
            };
        }
        processBalancedCode() {
          let braceDepth = 0, parenDepth = 0;
          for (; !this.tokens.isAtEnd(); ) {
            if (this.tokens.matches1(TokenType.braceL) || this.tokens.matches1(TokenType.dollarBraceL))
              braceDepth++;
            else if (this.tokens.matches1(TokenType.braceR)) {
              if (braceDepth === 0)
                return;
              braceDepth--;
            }
            if (this.tokens.matches1(TokenType.parenL))
              parenDepth++;
            else if (this.tokens.matches1(TokenType.parenR)) {
              if (parenDepth === 0)
                return;
              parenDepth--;
            }
            this.processToken();
          }
        }
        processToken() {
          if (this.tokens.matches1(TokenType._class)) {
            this.processClass();
            return;
          }
          for (let transformer of this.transformers)
            if (transformer.process())
              return;
          this.tokens.copyToken();
        }
        /**
         * Skip past a class with a name and return that name.
         */
        processNamedClass() {
          if (!this.tokens.matches2(TokenType._class, TokenType.name))
            throw new Error("Expected identifier for exported class name.");
          let name = this.tokens.identifierNameAtIndex(this.tokens.currentIndex() + 1);
          return this.processClass(), name;
        }
        processClass() {
          let classInfo = getClassInfo(this, this.tokens, this.nameManager, this.disableESTransforms), needsCommaExpression = (classInfo.headerInfo.isExpression || !classInfo.headerInfo.className) && classInfo.staticInitializerNames.length + classInfo.instanceInitializerNames.length > 0, className = classInfo.headerInfo.className;
          needsCommaExpression && (className = this.nameManager.claimFreeName("_class"), this.generatedVariables.push(className), this.tokens.appendCode(` (${className} =`));
          let contextId = this.tokens.currentToken().contextId;
          if (contextId == null)
            throw new Error("Expected class to have a context ID.");
          for (this.tokens.copyExpectedToken(TokenType._class); !this.tokens.matchesContextIdAndLabel(TokenType.braceL, contextId); )
            this.processToken();
          this.processClassBody(classInfo, className);
          let staticInitializerStatements = classInfo.staticInitializerNames.map(
            (name) => `${className}.${name}()`
          );
          needsCommaExpression ? this.tokens.appendCode(
            `, ${staticInitializerStatements.map((s) => `${s}, `).join("")}${className})`
          ) : classInfo.staticInitializerNames.length > 0 && this.tokens.appendCode(` ${staticInitializerStatements.map((s) => `${s};`).join(" ")}`);
        }
        /**
         * We want to just handle class fields in all contexts, since TypeScript supports them. Later,
         * when some JS implementations support class fields, this should be made optional.
         */
        processClassBody(classInfo, className) {
          let {
            headerInfo,
            constructorInsertPos,
            constructorInitializerStatements,
            fields,
            instanceInitializerNames,
            rangesToRemove
          } = classInfo, fieldIndex = 0, rangeToRemoveIndex = 0, classContextId = this.tokens.currentToken().contextId;
          if (classContextId == null)
            throw new Error("Expected non-null context ID on class.");
          this.tokens.copyExpectedToken(TokenType.braceL), this.isReactHotLoaderTransformEnabled && this.tokens.appendCode(
            "__reactstandin__regenerateByEval(key, code) {this[key] = eval(code);}"
          );
          let needsConstructorInit = constructorInitializerStatements.length + instanceInitializerNames.length > 0;
          if (constructorInsertPos === null && needsConstructorInit) {
            let constructorInitializersCode = this.makeConstructorInitCode(
              constructorInitializerStatements,
              instanceInitializerNames,
              className
            );
            if (headerInfo.hasSuperclass) {
              let argsName = this.nameManager.claimFreeName("args");
              this.tokens.appendCode(
                `constructor(...${argsName}) { super(...${argsName}); ${constructorInitializersCode}; }`
              );
            } else
              this.tokens.appendCode(`constructor() { ${constructorInitializersCode}; }`);
          }
          for (; !this.tokens.matchesContextIdAndLabel(TokenType.braceR, classContextId); )
            if (fieldIndex < fields.length && this.tokens.currentIndex() === fields[fieldIndex].start) {
              let needsCloseBrace = !1;
              for (this.tokens.matches1(TokenType.bracketL) ? this.tokens.copyTokenWithPrefix(`${fields[fieldIndex].initializerName}() {this`) : this.tokens.matches1(TokenType.string) || this.tokens.matches1(TokenType.num) ? (this.tokens.copyTokenWithPrefix(`${fields[fieldIndex].initializerName}() {this[`), needsCloseBrace = !0) : this.tokens.copyTokenWithPrefix(`${fields[fieldIndex].initializerName}() {this.`); this.tokens.currentIndex() < fields[fieldIndex].end; )
                needsCloseBrace && this.tokens.currentIndex() === fields[fieldIndex].equalsIndex && this.tokens.appendCode("]"), this.processToken();
              this.tokens.appendCode("}"), fieldIndex++;
            } else if (rangeToRemoveIndex < rangesToRemove.length && this.tokens.currentIndex() >= rangesToRemove[rangeToRemoveIndex].start) {
              for (this.tokens.currentIndex() < rangesToRemove[rangeToRemoveIndex].end && this.tokens.removeInitialToken(); this.tokens.currentIndex() < rangesToRemove[rangeToRemoveIndex].end; )
                this.tokens.removeToken();
              rangeToRemoveIndex++;
            } else this.tokens.currentIndex() === constructorInsertPos ? (this.tokens.copyToken(), needsConstructorInit && this.tokens.appendCode(
              `;${this.makeConstructorInitCode(
                constructorInitializerStatements,
                instanceInitializerNames,
                className
              )};`
            ), this.processToken()) : this.processToken();
          this.tokens.copyExpectedToken(TokenType.braceR);
        }
        makeConstructorInitCode(constructorInitializerStatements, instanceInitializerNames, className) {
          return [
            ...constructorInitializerStatements,
            ...instanceInitializerNames.map((name) => `${className}.prototype.${name}.call(this)`)
          ].join(";");
        }
        /**
         * Normally it's ok to simply remove type tokens, but we need to be more careful when dealing with
         * arrow function return types since they can confuse the parser. In that case, we want to move
         * the close-paren to the same line as the arrow.
         *
         * See https://github.com/alangpierce/sucrase/issues/391 for more details.
         */
        processPossibleArrowParamEnd() {
          if (this.tokens.matches2(TokenType.parenR, TokenType.colon) && this.tokens.tokenAtRelativeIndex(1).isType) {
            let nextNonTypeIndex = this.tokens.currentIndex() + 1;
            for (; this.tokens.tokens[nextNonTypeIndex].isType; )
              nextNonTypeIndex++;
            if (this.tokens.matches1AtIndex(nextNonTypeIndex, TokenType.arrow)) {
              for (this.tokens.removeInitialToken(); this.tokens.currentIndex() < nextNonTypeIndex; )
                this.tokens.removeToken();
              return this.tokens.replaceTokenTrimmingLeftWhitespace(") =>"), !0;
            }
          }
          return !1;
        }
        /**
         * An async arrow function might be of the form:
         *
         * async <
         *   T
         * >() => {}
         *
         * in which case, removing the type parameters will cause a syntax error. Detect this case and
         * move the open-paren earlier.
         */
        processPossibleAsyncArrowWithTypeParams() {
          if (!this.tokens.matchesContextual(ContextualKeyword._async) && !this.tokens.matches1(TokenType._async))
            return !1;
          let nextToken2 = this.tokens.tokenAtRelativeIndex(1);
          if (nextToken2.type !== TokenType.lessThan || !nextToken2.isType)
            return !1;
          let nextNonTypeIndex = this.tokens.currentIndex() + 1;
          for (; this.tokens.tokens[nextNonTypeIndex].isType; )
            nextNonTypeIndex++;
          if (this.tokens.matches1AtIndex(nextNonTypeIndex, TokenType.parenL)) {
            for (this.tokens.replaceToken("async ("), this.tokens.removeInitialToken(); this.tokens.currentIndex() < nextNonTypeIndex; )
              this.tokens.removeToken();
            return this.tokens.removeToken(), this.processBalancedCode(), this.processToken(), !0;
          }
          return !1;
        }
        processPossibleTypeRange() {
          if (this.tokens.currentToken().isType) {
            for (this.tokens.removeInitialToken(); this.tokens.currentToken().isType; )
              this.tokens.removeToken();
            return !0;
          }
          return !1;
        }
        shiftMappings(mappings, prefixLength) {
          for (let i = 0; i < mappings.length; i++) {
            let mapping = mappings[i];
            mapping !== void 0 && (mappings[i] = mapping + prefixLength);
          }
          return mappings;
        }
      };
    }
  });

  // node_modules/lines-and-columns/build/index.js
  var require_build = __commonJS({
    "node_modules/lines-and-columns/build/index.js"(exports) {
      "use strict";
      exports.__esModule = !0;
      exports.LinesAndColumns = void 0;
      var LF = `
`, CR = "\r", LinesAndColumns2 = (
        /** @class */
        (function() {
          function LinesAndColumns3(string) {
            this.string = string;
            for (var offsets = [0], offset = 0; offset < string.length; )
              switch (string[offset]) {
                case LF:
                  offset += LF.length, offsets.push(offset);
                  break;
                case CR:
                  offset += CR.length, string[offset] === LF && (offset += LF.length), offsets.push(offset);
                  break;
                default:
                  offset++;
                  break;
              }
            this.offsets = offsets;
          }
          return LinesAndColumns3.prototype.locationForIndex = function(index) {
            if (index < 0 || index > this.string.length)
              return null;
            for (var line = 0, offsets = this.offsets; offsets[line + 1] <= index; )
              line++;
            var column = index - offsets[line];
            return { line, column };
          }, LinesAndColumns3.prototype.indexForLocation = function(location) {
            var line = location.line, column = location.column;
            return line < 0 || line >= this.offsets.length || column < 0 || column > this.lengthOfLine(line) ? null : this.offsets[line] + column;
          }, LinesAndColumns3.prototype.lengthOfLine = function(line) {
            var offset = this.offsets[line], nextOffset = line === this.offsets.length - 1 ? this.string.length : this.offsets[line + 1];
            return nextOffset - offset;
          }, LinesAndColumns3;
        })()
      );
      exports.LinesAndColumns = LinesAndColumns2;
      exports.default = LinesAndColumns2;
    }
  });

  // node_modules/sucrase/dist/esm/util/formatTokens.js
  var import_lines_and_columns, init_formatTokens = __esm({
    "node_modules/sucrase/dist/esm/util/formatTokens.js"() {
      import_lines_and_columns = __toESM(require_build());
      init_types();
    }
  });

  // node_modules/sucrase/dist/esm/util/getTSImportedNames.js
  function getTSImportedNames(tokens) {
    let importedNames = /* @__PURE__ */ new Set();
    for (let i = 0; i < tokens.tokens.length; i++)
      tokens.matches1AtIndex(i, TokenType._import) && !tokens.matches3AtIndex(i, TokenType._import, TokenType.name, TokenType.eq) && collectNamesForImport(tokens, i, importedNames);
    return importedNames;
  }
  function collectNamesForImport(tokens, index, importedNames) {
    index++, !tokens.matches1AtIndex(index, TokenType.parenL) && (tokens.matches1AtIndex(index, TokenType.name) && (importedNames.add(tokens.identifierNameAtIndex(index)), index++, tokens.matches1AtIndex(index, TokenType.comma) && index++), tokens.matches1AtIndex(index, TokenType.star) && (index += 2, importedNames.add(tokens.identifierNameAtIndex(index)), index++), tokens.matches1AtIndex(index, TokenType.braceL) && (index++, collectNamesForNamedImport(tokens, index, importedNames)));
  }
  function collectNamesForNamedImport(tokens, index, importedNames) {
    for (; ; ) {
      if (tokens.matches1AtIndex(index, TokenType.braceR))
        return;
      let specifierInfo = getImportExportSpecifierInfo(tokens, index);
      if (index = specifierInfo.endIndex, specifierInfo.isType || importedNames.add(specifierInfo.rightName), tokens.matches2AtIndex(index, TokenType.comma, TokenType.braceR))
        return;
      if (tokens.matches1AtIndex(index, TokenType.braceR))
        return;
      if (tokens.matches1AtIndex(index, TokenType.comma))
        index++;
      else
        throw new Error(`Unexpected token: ${JSON.stringify(tokens.tokens[index])}`);
    }
  }
  var init_getTSImportedNames = __esm({
    "node_modules/sucrase/dist/esm/util/getTSImportedNames.js"() {
      init_types();
      init_getImportExportSpecifierInfo();
    }
  });

  // node_modules/sucrase/dist/esm/index.js
  function transform(code, options) {
    validateOptions(options);
    try {
      let sucraseContext = getSucraseContext(code, options), transformerResult = new RootTransformer(
        sucraseContext,
        options.transforms,
        !!options.enableLegacyBabel5ModuleInterop,
        options
      ).transform(), result = { code: transformerResult.code };
      if (options.sourceMapOptions) {
        if (!options.filePath)
          throw new Error("filePath must be specified when generating a source map.");
        result = {
          ...result,
          sourceMap: computeSourceMap(
            transformerResult,
            options.filePath,
            options.sourceMapOptions,
            code,
            sucraseContext.tokenProcessor.tokens
          )
        };
      }
      return result;
    } catch (e) {
      throw options.filePath && (e.message = `Error transforming ${options.filePath}: ${e.message}`), e;
    }
  }
  function getSucraseContext(code, options) {
    let isJSXEnabled2 = options.transforms.includes("jsx"), isTypeScriptEnabled2 = options.transforms.includes("typescript"), isFlowEnabled2 = options.transforms.includes("flow"), disableESTransforms = options.disableESTransforms === !0, file = parse(code, isJSXEnabled2, isTypeScriptEnabled2, isFlowEnabled2), tokens = file.tokens, scopes = file.scopes, nameManager = new NameManager(code, tokens), helperManager = new HelperManager(nameManager), tokenProcessor = new TokenProcessor(
      code,
      tokens,
      isFlowEnabled2,
      disableESTransforms,
      helperManager
    ), enableLegacyTypeScriptModuleInterop = !!options.enableLegacyTypeScriptModuleInterop, importProcessor = null;
    return options.transforms.includes("imports") ? (importProcessor = new CJSImportProcessor(
      nameManager,
      tokenProcessor,
      enableLegacyTypeScriptModuleInterop,
      options,
      options.transforms.includes("typescript"),
      !!options.keepUnusedImports,
      helperManager
    ), importProcessor.preprocessTokens(), identifyShadowedGlobals(tokenProcessor, scopes, importProcessor.getGlobalNames()), options.transforms.includes("typescript") && !options.keepUnusedImports && importProcessor.pruneTypeOnlyImports()) : options.transforms.includes("typescript") && !options.keepUnusedImports && identifyShadowedGlobals(tokenProcessor, scopes, getTSImportedNames(tokenProcessor)), { tokenProcessor, scopes, nameManager, importProcessor, helperManager };
  }
  var init_esm = __esm({
    "node_modules/sucrase/dist/esm/index.js"() {
      init_CJSImportProcessor();
      init_computeSourceMap();
      init_HelperManager();
      init_identifyShadowedGlobals();
      init_NameManager();
      init_Options();
      init_parser();
      init_TokenProcessor();
      init_RootTransformer();
      init_formatTokens();
      init_getTSImportedNames();
    }
  });

  // entry.js
  var require_entry = __commonJS({
    "entry.js"() {
      init_esm();
      globalThis.eraseTypes = (source, filePath) => transform(source, { transforms: ["typescript"], disableESTransforms: !0, filePath }).code;
    }
  });
  require_entry();
})();
