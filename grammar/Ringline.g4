// Ringline grammar. The parse tree never leaves compiler/parse/: the AST builder there
// converts it at once. Units after a number literal are a chain of identifiers; the
// builder keeps the leading unit words as the literal's unit and re-associates any other
// names as ordinary multiplication/division (`16 GiB / n` divides by `n`).
grammar Ringline;

module_     : item* EOF ;

item        : (importDecl | letDecl | fnDecl | scheduleDecl | recordDecl | typeDecl | scenarioDecl) ';'? ;

importDecl  : 'import' (modulePath | STRING) ('as' ID)? ;
modulePath  : ID ('.' ID)* ;

letDecl     : 'let' ID (':' type_)? '=' expr ;

fnDecl      : 'fn' ID '(' (fnParam (',' fnParam)*)? ','? ')' ('->' type_)? fnBody ;
fnParam     : ID ':' type_ ('=' expr)? ;
// `type Block = fn([Int]) -> [Layer]`: a name for a type.
typeDecl    : 'type' ID '=' type_ ;
fnBody      : '=' expr | block ;
// A block's `require`s are checks of the function's arguments: a constant that fails is an
// error at the call; one that depends on a param becomes a require of the scenario.
block       : '{' (blockItem ';'?)* expr ';'? '}' ;
blockItem   : letDecl | 'require' expr (',' STRING)? ;

// A collective schedule (language.md §6): a function whose body is a list of steps, each
// a time; the checker sums them to a closed form. Step words (`phase`, `repeat`, `send ..
// over`, `reduce .. at`) are contextual: plain identifiers the builder checks, so `repeat`
// and `reduce` stay usable as names elsewhere. Only `over` and `at` are keywords: they end
// the amount's expression, so `2 over` is never read as a number with a unit `over`, and a
// line ending in a bare number (`let k = p - 1`) cannot swallow the next step's word.
scheduleDecl : 'schedule' ID '(' (fnParam (',' fnParam)*)? ','? ')' ('->' type_)? stepBlock ;
stepBlock   : '{' (step ';'?)* '}' ;
step
  : kw=ID name=ID ':' (stepBlock | step)                   # phaseStep
  | kw=ID expr stepBlock                                   # blockStep
  | kw=ID expr prep=('over' | 'at') expr                   # transferStep
  | 'if' expr 'then' stepBlock ('else' (stepBlock | step))? # ifStep
  | letDecl                                                # letStep
  | expr                                                   # exprStep
  ;

recordDecl  : 'record' ID '{' (field (',' | ';')?)* '}' ;
field       : ID ':' type_ ('=' expr)? ;

scenarioDecl : 'scenario' ID '{' (scenarioItem ';'?)* '}' ;
scenarioItem
  // `~ normal(25 GB/s, 2 GB/s)`: the distribution `eval --samples` draws the param from
  // (docs/uncertainty.md); uniform, normal, lognormal or triangular.
  : 'param' ID ':' type_ ('=' expr)? ('in' valueSet)? ('~' dist=expr)?     # paramItem
  | letDecl                                               # letItem
  // A scenario's message may be any static `String`, and a list of `Bool`s with a list of
  // as many names is one require each (`[holds(c) for c in cs], [c.name for c in cs]`).
  | 'require' cond=expr (',' msg=expr)?                   # requireItem
  | 'report' ID '=' expr ('in' unit)?                     # reportItem
  ;
valueSet    : expr ('..' expr ('step' stepOp=('*' | '+') expr)?)? ;
// `ringline sweep --set NAME=...`: `1,2,4`, `1..64*2` (the builder reads a trailing
// `*k` / `+k` on the range end as its step), `12.5GB/s..100GB/s step *2`.
cliValues   : valueSet (',' valueSet)* EOF ;

// Types: `Int`, `Real`, `Bool`, `String` and record names are identifiers the builder
// resolves; a unit (`B/s`, `1/s`) is a dimensioned scalar type.
type_
  : '[' type_ ']'                                          # listType
  | 'fn' '(' (type_ (',' type_)*)? ')' '->' type_          # fnType
  | unit                                                   # unitType
  ;
unit        : unitFactor (unitOp+=('/' | '*') unitFactor)* ;
unitFactor  : (ID | NUMBER) ('^' '-'? NUMBER)? | '(' unit ')' ;

expr
  : primary                                                # primaryExpr
  | expr '.' ID                                            # fieldExpr
  | expr '(' (arg (',' arg)*)? ','? ')'                    # callExpr
  | expr '[' expr ']'                                      # indexExpr
  | expr 'with' '{' (update (',' | ';')?)* '}'             # withExpr
  | <assoc = right> expr '^' expr                          # powExpr
  | op=('-' | 'not') expr                                  # unaryExpr
  | expr op=('*' | '/' | '%') expr                         # mulExpr
  | expr op=('+' | '-') expr                               # addExpr
  | expr op=('<' | '<=' | '>' | '>=' | '==' | '!=') expr   # cmpExpr
  | expr 'and' expr                                        # andExpr
  | expr 'or' expr                                         # orExpr
  | 'if' expr 'then' expr 'else' expr                      # ifExpr
  | reducer=ID var=ID 'in' expr ':' expr                   # reduceExpr
  ;

arg         : (ID '=')? expr ;
update      : ID ('.' ID)* '=' expr ;

primary
  : NUMBER litUnit?                                        # numberLit
  | STRING                                                 # stringLit
  | ('true' | 'false')                                     # boolLit
  | ID ('.' ID)? '{' (fieldInit (',' | ';')?)* '}'        # recordLit
  | ID                                                     # nameRef
  | '[' expr 'for' ID 'in' expr ('if' expr)? ']'         # listComp
  | '[' (expr (',' expr)*)? ','? ']'                       # listLit
  | '(' expr ')'                                           # parenExpr
  | block                                                  # blockExpr
  | 'fn' '(' (fnParam (',' fnParam)*)? ','? ')' ('->' type_)? fnBody  # lambdaExpr
  ;
fieldInit   : ID '=' expr ;
litUnit     : litUnitFactor (unitOp+=('/' | '*') litUnitFactor)* ;
litUnitFactor : ID ('^' neg='-'? NUMBER)? ;

NUMBER      : DIGITS ('.' DIGITS)? ([eE] [+-]? DIGITS)? ;
fragment DIGITS : [0-9] ('_'? [0-9])* ;
STRING      : '"' (~["\\\r\n] | '\\' ~[\r\n])* '"' ;
ID          : [a-zA-Z_\u00B5\u03BC] [a-zA-Z_0-9]* ;
LINE_COMMENT  : '//' ~[\r\n]* -> skip ;
BLOCK_COMMENT : '/*' .*? '*/' -> skip ;
WS          : [ \t\r\n]+ -> skip ;
// Anything else becomes a token the parser rejects with a located diagnostic.
ERROR_CHAR  : . ;
