#!/bin/bash
# 3 interleaved rounds: ours (fast PNG), ours (default PNG), llvmpipe; then medians per case.
cd "$(dirname "$0")/.."
A=.build/release/assettool
$A pose ../shared/corpus/blender-made/humanoid_default.dae --time 0.5 --format obj -o /tmp/humanoid_posed.obj
: > /tmp/rounds.jsonl
for r in 1 2 3; do
  $A bench render --runs 7 --fast-png --json | sed 's/^{/{"tool":"ours-fast",/' >> /tmp/rounds.jsonl
  $A bench render --runs 7 --json | sed 's/^{/{"tool":"ours-default",/' >> /tmp/rounds.jsonl
  for m in /tmp/humanoid_posed.obj synthetic:100000; do for s in 256 1024; do
    (cd ../shared/bench && .venv/bin/python peers/gl_render.py $m /tmp/peer_$s.png $s --aa ss4 --repeat 7) >> /tmp/rounds.jsonl
  done; done
done
uptime
python3 - <<'PY'
import json, statistics as st, collections
rows=[json.loads(l) for l in open('/tmp/rounds.jsonl') if l.strip()]
agg=collections.defaultdict(lambda: collections.defaultdict(list))
for d in rows:
    if d.get('tool','').startswith('ours'):
        mesh='humanoid' if 'humanoid' in d['mesh'] else 'synthetic'
        agg[(mesh,d['size'])][d['tool']+'_raster'].append(d['raster_ms']); agg[(mesh,d['size'])][d['tool']+'_full'].append(d['full_ms'])
        agg[(mesh,d['size'])][d['tool']+'_bytes'].append(d['png_bytes'])
    else:
        mesh='humanoid' if 'humanoid' in d['file'] else 'synthetic'
        agg[(mesh,d['size'])]['gl_raster'].append(d['raster_ms']); agg[(mesh,d['size'])]['gl_full'].append(d['raster_readback_png_ms'])
        agg[(mesh,d['size'])]['gl_bytes'].append(d['png_bytes'])
m=lambda v: st.median(v)
print("| mesh | px | ours raster | llvmpipe raster | ratio | ours full (fast PNG) | ours full (default PNG) | llvmpipe full | ratio fast | ratio default | PNG bytes fast/default/llvmpipe |")
print("|---|---|---|---|---|---|---|---|---|---|---|")
for k in sorted(agg):
    a=agg[k]
    print(f"| {k[0]} | {k[1]} | {m(a['ours-fast_raster']):.2f} | {m(a['gl_raster']):.2f} | {m(a['ours-fast_raster'])/m(a['gl_raster']):.2f} | {m(a['ours-fast_full']):.2f} | {m(a['ours-default_full']):.2f} | {m(a['gl_full']):.2f} | {m(a['ours-fast_full'])/m(a['gl_full']):.2f} | {m(a['ours-default_full'])/m(a['gl_full']):.2f} | {int(m(a['ours-fast_bytes']))}/{int(m(a['ours-default_bytes']))}/{int(m(a['gl_bytes']))} |")
PY
