# zsh -f zsh-complete.zsh FPATH_DIR OUT 'tminus sh': types the words and TAB in an interactive zsh
# (zpty) with compinit over FPATH_DIR, and writes every match zsh's completion offered to OUT.
zmodload zsh/zpty
rm -f $2
zpty z zsh -f -i
zpty -w z "fpath=($1 \$fpath); autoload -U compinit; compinit -u -d ${2}.dump"
# compadd, wrapped: each match it is given is written out too.
zpty -w z "compadd() { local -a m; builtin compadd -O m \"\$@\"; print -l -- \$m >>$2; builtin compadd \"\$@\" }"
zpty -w z $3$'\t'
# Done when the matches stop growing (at most 10 s).
integer i last=-1 size
for (( i = 0; i < 100; i++ )); do
  size=$(( $(wc -c <$2 2>/dev/null || print 0) ))
  (( size > 0 && size == last )) && break
  last=size
  sleep 0.1
done
zpty -d z
