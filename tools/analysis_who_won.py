#!/usr/bin/env python3
"""How often the side with the lower error rate in a game won it.

  tools/analysis_who_won.py MATCH ANALYSIS.jsonl

MATCH is a referee match file, ANALYSIS.jsonl `ncbg analyze MATCH --format
json`'s output; each decided game's two error rates (mean loss a turn of
each side, cube rows apart) are compared with its winner (docs/analysis.md).
"""
import collections
import json
import sys

match_path, analysis_path = sys.argv[1], sys.argv[2]
games={}
for l in open(match_path):
    if l.startswith('game\t'):
        d=dict(f.split('=',1) for f in l.rstrip('\n').split('\t')[1:] if '=' in f)
        games[int(d['index'])]=d
loss=collections.defaultdict(lambda:[0,0])
tot=collections.defaultdict(lambda:[0,0])
for l in open(analysis_path):
    r=json.loads(l)
    if 'turn' not in r or 'loss' not in r or r.get('cube'): continue
    k=(r['game'],r['player']); loss[k][0]+=r['loss']; loss[k][1]+=1
    tot[r['player']][0]+=r['loss']; tot[r['player']][1]+=1
agree=disagree=ties=draws=0
wins=collections.Counter()
for i,g in games.items():
    if g['winner'] not in ('X','Y'): draws+=1; continue
    w=g['x'] if g['winner']=='X' else g['y']; l_=g['y'] if g['winner']=='X' else g['x']
    wins[w]+=1
    rw=loss[(i,w)]; rl=loss[(i,l_)]
    if rw[1]==0 or rl[1]==0: continue
    a=rw[0]/rw[1]; b=rl[0]/rl[1]
    if a<b: agree+=1
    elif a>b: disagree+=1
    else: ties+=1
n=agree+disagree+ties
print(f"games {len(games)} decided {len(games)-draws}: the side with the lower error rate won {agree}, the higher {disagree}, equal rates {ties} ({100*agree/max(n,1):.1f}% of {n})")
for p,(s,c) in tot.items(): print(p, f"rate {s/c:.1f} over {c} turns, games won {wins[p]}")
