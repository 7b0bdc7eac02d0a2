# Renders a tmux pane captured with colours (`tmux capture-pane -p -e [-N] > shot.ansi`) as a PNG, one
# terminal cell 10×20 pixels: half blocks as the two colours they show, other characters in
# DejaVu Sans Mono. Made the README's docs/images/sprites.png:
#   tmux new-session -d -s shot -x 80 -y 40; (in it) COLORTERM=truecolor mydex sprite 25 133 906,
#   then mydex sprite 25 133 906 --shiny; tmux capture-pane -t shot -p -e > shot.ansi
#   python3 docs/images/ansi2png.py shot.ansi docs/images/sprites.png   (needs Pillow)
# And docs/images/browse-grid.png and browse-detail.png, a `mydex browse` session at 120×40:
#   tmux new-session -d -s shot -x 120 -y 40 "COLORTERM=truecolor mydex browse"; send-keys Right,
#   capture-pane -p -e -N > grid.ansi; send-keys Enter, capture-pane -p -e -N > detail.ansi.
# Reverse video and dim are drawn as a terminal draws them; wide characters take two cells.
import re, sys, unicodedata
from PIL import Image, ImageDraw, ImageFont
lines = open(sys.argv[1], encoding='utf-8').read().split('\n')
while lines and not lines[-1].strip(): lines.pop()
cw, ch = 10, 20
def width(ch):
    return 2 if unicodedata.east_asian_width(ch) in 'WF' else 1
cols = max(100, max((sum(width(c) for c in re.sub(r'\x1b\[[0-9;]*m', '', l)) for l in lines), default=0))
bg0 = (24, 24, 27); fg0 = (220, 220, 220)
img = Image.new('RGB', (cols * cw + 20, len(lines) * ch + 20), bg0)
d = ImageDraw.Draw(img)
font = ImageFont.truetype('/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf', 16)
# Hangul and kana: Noto Sans CJK (Debian fonts-noto-cjk) where installed.
cjk = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'
import os
wide_font = ImageFont.truetype(cjk, 17) if os.path.exists(cjk) else font
def c256(n):
    if n < 16: return [(0,0,0),(205,0,0),(0,205,0),(205,205,0),(0,0,238),(205,0,205),(0,205,205),(229,229,229),(127,127,127),(255,0,0),(0,255,0),(255,255,0),(92,92,255),(255,0,255),(0,255,255),(255,255,255)][n]
    if n < 232:
        n -= 16; r, g, b = n // 36, n // 6 % 6, n % 6
        f = lambda v: 0 if v == 0 else 55 + v * 40
        return (f(r), f(g), f(b))
    v = 8 + (n - 232) * 10; return (v, v, v)
for y, line in enumerate(lines):
    fg, bg, bold, reverse, dim = fg0, None, False, False, False
    x = 0
    for tok in re.findall(r'\x1b\[[0-9;]*m|.', line):
        if tok.startswith('\x1b['):
            ps = [int(p) if p else 0 for p in tok[2:-1].split(';')]
            i = 0
            while i < len(ps):
                p = ps[i]
                if p == 0: fg, bg, bold, reverse, dim = fg0, None, False, False, False
                elif p == 1: bold = True
                elif p == 2: dim = True
                elif p == 7: reverse = True
                elif p == 22: bold, dim = False, False
                elif p == 27: reverse = False
                elif p == 39: fg = fg0
                elif p == 49: bg = None
                elif p in (38, 48) and ps[i+1] == 2: col = tuple(ps[i+2:i+5]); i += 4; (fg := col) if p == 38 else None; bg = col if p == 48 else bg
                elif p in (38, 48) and ps[i+1] == 5: col = c256(ps[i+2]); i += 2; (fg := col) if p == 38 else None; bg = col if p == 48 else bg
                i += 1
            continue
        X, Y = 10 + x * cw, 10 + y * ch
        w = width(tok)
        cfg, cbg = fg, bg
        if reverse: cfg, cbg = (bg or bg0), fg
        if dim: cfg = tuple((a + b) // 2 for a, b in zip(cfg, cbg or bg0))
        if cbg: d.rectangle([X, Y, X + cw * w - 1, Y + ch - 1], fill=cbg)
        if tok == '▀': d.rectangle([X, Y, X + cw - 1, Y + ch // 2 - 1], fill=cfg)
        elif tok == '▄': d.rectangle([X, Y + ch // 2, X + cw - 1, Y + ch - 1], fill=cfg)
        elif tok == '█': d.rectangle([X, Y, X + cw - 1, Y + ch - 1], fill=cfg)
        elif tok == '✨': d.text((X + 4, Y + 1), '*', font=font, fill=(250, 210, 60))
        elif tok != ' ': d.text((X, Y + 1), tok, font=wide_font if w == 2 else font, fill=cfg)
        x += w
img.save(sys.argv[2])
