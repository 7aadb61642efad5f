/* kube-whatif -o html: draws the report embedded as JSON in #report-data. Every piece of report text is written
   with textContent (never as markup). */
(function () {
  'use strict';
  var D = JSON.parse(document.getElementById('report-data').textContent);
  var main = document.getElementById('main');
  var uid = 0;
  var ROWS_SHOWN = 200;
  var SCORES_SHOWN = 50;
  var OVERVIEW_FROM = 40;
  var CELL = {
    P: ['\u2713', 'passes'], F: ['\u2717', 'rejects'], R: ['\u2717*', 'rejects: the status kube-scheduler records'],
    S: ['\u00b7', 'skipped by PreFilter'], U: ['?', 'not known (no full diagnosis)'], N: ['\u2013', 'not sent to the extender'],
    E: ['!', 'the extender call failed']
  };

  // Undoes the compact encodings of the embedded data (HtmlRenderer, Compact.java): integer runs, distinct matrix rows,
  // the recorded and other reasons per row, the score table by column.
  var ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_', CODE = {};
  for (var a = 0; a < ALPHABET.length; a++) CODE[ALPHABET.charAt(a)] = a;
  function ints(x) {
    if (Array.isArray(x)) return x;
    var out = [], i;
    if (x.codes !== undefined) {
      for (i = 0; i < x.codes.length; i++) out.push(x.values[CODE[x.codes.charAt(i)]]);
      return out;
    }
    var r = x.runs;
    for (i = 0; i < r.length; i += 3) for (var k = 0; k < r[i + 1]; k++) out.push(r[i] + k * r[i + 2]);
    return out;
  }
  function expandCycle(c) {
    var mx = c.matrix, sc = c.score;
    if (mx) {
      var pats = mx.cells.patterns;
      mx.rows = ints(mx.rows);
      mx.feasible = ints(mx.feasible);
      mx.recorded = ints(mx.recorded);
      mx.cells = ints(mx.cells.rowPattern).map(function (p) { return pats[p]; }).join('');
      mx.rowReasons = mx.recorded.map(function (rec, r) { return (rec >= 0 ? [rec] : []).concat(mx.extraReasons[r] || []); });
    }
    if (sc) {
      var cols = sc.columns.map(ints);
      sc.rows = cols[0].map(function (x, i) { return cols.map(function (col) { return col[i]; }); });
    }
  }
  ['cycles', 'cyclesA', 'cyclesB'].forEach(function (k) { (D[k] || []).forEach(expandCycle); });

  function el(tag, attrs) {
    var e = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (k) {
        var v = attrs[k];
        if (v === null || v === undefined || v === false) return;
        if (k === 'text') e.textContent = String(v);
        else if (k === 'class') e.className = v;
        else if (k === 'on') Object.keys(v).forEach(function (ev) { e.addEventListener(ev, v[ev]); });
        else e.setAttribute(k, v === true ? '' : String(v));
      });
    }
    for (var i = 2; i < arguments.length; i++) add(e, arguments[i]);
    return e;
  }
  function add(parent, c) {
    if (c === null || c === undefined || c === false) return parent;
    if (Array.isArray(c)) c.forEach(function (x) { add(parent, x); });
    else if (typeof c === 'string' || typeof c === 'number') parent.appendChild(document.createTextNode(String(c)));
    else parent.appendChild(c);
    return parent;
  }
  function id(prefix) { uid += 1; return prefix + '-' + uid; }
  function section(title, cls) {
    var hid = id('h');
    var s = el('section', { class: cls || null, 'aria-labelledby': hid });
    s.appendChild(el('h2', { id: hid, text: title }));
    return s;
  }
  function badge(result, text) { return el('span', { class: 'badge r-' + result, text: text || result }); }
  // One colour per score plugin across the page, so both sides of a diff read alike.
  var colours = {};
  function colourOf(name) {
    if (colours[name] === undefined) colours[name] = Object.keys(colours).length % 12;
    return 'var(--s' + colours[name] + ')';
  }
  function nodeName(i) { return D.nodes[i]; }
  function zoneOf(i) { var z = D.zones[D.nodeZone[i]]; return z === '' ? '(no zone)' : z; }
  function plural(n, word) { return n + ' ' + word + (n === 1 ? '' : 's'); }
  function abbrevs(names) {
    var used = {}, out = [];
    names.forEach(function (n) {
      var base = n.indexOf('://') >= 0 ? 'EXT' : (n.replace(/[^A-Z]/g, '') || n);
      var a = base, k = 2;
      while (used[a]) { a = base + k; k += 1; }
      used[a] = true;
      out.push(a);
    });
    return out;
  }
  function table(cls, head, rows) {
    var t = el('table', { class: cls || null });
    var tr = el('tr');
    head.forEach(function (h) {
      var num = h.charAt(0) === '#';
      tr.appendChild(el('th', { scope: 'col', class: num ? 'num' : null, text: num ? h.slice(1) : h }));
    });
    t.appendChild(el('thead', null, tr));
    var tb = el('tbody');
    rows.forEach(function (r) {
      var row = el('tr');
      r.forEach(function (c, i) {
        var num = head[i].charAt(0) === '#';
        row.appendChild(el('td', { class: num ? 'num' : null }, c === null || c === undefined ? '-' : c));
      });
      tb.appendChild(row);
    });
    t.appendChild(tb);
    return el('div', { class: 'scroll' }, t);
  }
  function kv(pairs) {
    var dl = el('dl', { class: 'kv' });
    pairs.forEach(function (p) {
      if (p[1] === null || p[1] === undefined) return;
      dl.appendChild(el('dt', { text: p[0] }));
      dl.appendChild(el('dd', null, p[1]));
    });
    return dl;
  }
  // Adds table t with header row hr to section s: its body, and the box under it for a "Show more" button.
  function paged(s, t, hr) {
    t.appendChild(el('thead', null, hr));
    var body = el('tbody');
    t.appendChild(body);
    s.appendChild(el('div', { class: 'scroll' }, t));
    var more = el('div');
    s.appendChild(more);
    return { body: body, more: more };
  }
  function moreButton(label, onClick) {
    return el('button', { type: 'button', class: 'more', text: label, on: { click: onClick } });
  }

  // ---- one scheduling cycle ----

  function verdictBlock(c, headingId) {
    var f = document.createDocumentFragment();
    var line = el('p', { class: 'verdict', id: headingId || null });
    line.appendChild(badge(c.verdict));
    if (c.selected) line.appendChild(el('span', { class: 'mono', text: c.pod + ' \u2192 ' + c.selected }));
    else line.appendChild(el('span', { class: 'mono', text: c.pod }));
    f.appendChild(line);
    if (c.message) f.appendChild(el('pre', { class: 'msg', 'aria-label': 'FailedScheduling message', text: c.message }));
    if (c.numAllNodes !== undefined && c.feasibleCount !== undefined) {
      var s = c.numAllNodes + ' node(s), ' + c.evaluatedNodes + ' evaluated, ' + c.feasibleCount + ' feasible; profile ' + c.profile;
      if (c.evaluatedNodes < c.numAllNodes && !c.preFilter) s += ' (stopped early as kube-scheduler does; --all-nodes for a full diagnosis)';
      f.appendChild(el('p', { class: 'stats', text: s }));
    }
    if (c.nominatedNodeName && c.nominatedNodeFeasible !== undefined) {
      f.appendChild(el('p', { class: 'stats', text: 'nominated node ' + c.nominatedNodeName + (c.nominatedNodeFeasible ? ' passes the filters' : ' does not fit') }));
    }
    if (c.preFilter) {
      f.appendChild(el('p', { text: 'PreFilter ' + c.preFilter.plugin + ' rejected the pod: ' + c.preFilter.reasons.join(', ') }));
    }
    if (c.assumed && !c.assumed.ok && c.assumed.status) {
      f.appendChild(el('p', { text: 'Binding cycle failed on ' + c.assumed.node + ': ' + c.assumed.status.plugin + ': ' + c.assumed.status.reasons.join(', ') }));
    }
    return f;
  }

  function cycleView(c, opts) {
    var f = document.createDocumentFragment();
    opts = opts || {};
    if (!opts.noVerdict) f.appendChild(verdictBlock(c, opts.verdictId));
    if (c.matrix) f.appendChild(matrixView(c));
    if (c.score) f.appendChild(scoreView(c));
    else if (c.selected && c.feasibleCount === 1) f.appendChild(el('p', { class: 'muted', text: 'Only one feasible node: kube-scheduler skips scoring.' }));
    if (c.postFilter) f.appendChild(preemptionView(c.postFilter));
    if (c.extenders) f.appendChild(extendersView(c.extenders));
    return f;
  }

  function matrixView(c) {
    var mx = c.matrix, cols = mx.cols, ncol = cols.length, ab = abbrevs(cols);
    var s = section('Filter');
    s.setAttribute('data-part', 'matrix');
    if (mx.rows.length === 0) { s.appendChild(el('p', { text: 'No node was evaluated.' })); return s; }
    var feasible = {};
    mx.feasible.forEach(function (r) { feasible[r] = true; });
    // The picture first: how many nodes each filter rejects, and the nodes by outcome in zone order.
    var rejected = cols.map(function () { return 0; });
    for (var r = 0; r < mx.rows.length; r++) {
      for (var k = 0; k < ncol; k++) {
        var ch = mx.cells.charAt(r * ncol + k);
        if (ch === 'F' || ch === 'R') rejected[k] += 1;
      }
    }
    var rej = el('div', { class: 'rej', role: 'list', 'aria-label': 'Nodes rejected per filter' });
    var maxRej = Math.max.apply(null, rejected.concat([1]));
    cols.forEach(function (name, k) {
      if (rejected[k] === 0) return;
      rej.appendChild(el('span', { role: 'listitem', text: name }));
      var bar = el('span', { class: 'bar', 'aria-hidden': 'true' });
      bar.appendChild(el('span', { class: 'c-R', style: 'width:' + (100 * rejected[k] / maxRej) + '%' }));
      rej.appendChild(bar);
      rej.appendChild(el('span', { class: 'num', text: plural(rejected[k], 'node') }));
    });
    s.appendChild(el('p', { class: 'stats', text: mx.feasible.length + ' of ' + mx.rows.length + ' node(s) pass every filter.' }));
    if (rej.childNodes.length) s.appendChild(rej);

    var legend = el('ul', { class: 'legend', 'aria-label': 'Legend' });
    Object.keys(CELL).forEach(function (code) {
      if (mx.cells.indexOf(code) < 0) return;
      legend.appendChild(el('li', null, el('span', { class: 'sw c-' + code, text: CELL[code][0] }), CELL[code][1]));
    });
    s.appendChild(legend);

    var filterId = id('filter'), groupId = id('group');
    var input = el('input', { id: filterId, type: 'search', placeholder: 'node name contains\u2026', 'data-role': 'node-filter', autocomplete: 'off' });
    var group = el('select', { id: groupId, 'data-role': 'group-by' },
      el('option', { value: 'none', text: 'nothing (by name)' }), el('option', { value: 'zone', text: 'zone' }),
      el('option', { value: 'reason', text: 'recorded reason' }), el('option', { value: 'result', text: 'result' }));
    var count = el('p', { class: 'count', role: 'status', 'aria-live': 'polite' });
    s.appendChild(el('div', { class: 'controls' },
      el('label', { for: filterId }, 'Filter nodes', input), el('label', { for: groupId }, 'Group by', group), count));

    // A few nodes read best in the table alone; from OVERVIEW_FROM on, an overview of all of them comes first.
    var canvas = mx.rows.length >= OVERVIEW_FROM ? el('canvas', { class: 'overview', role: 'img', 'data-role': 'overview' }) : null;
    if (canvas) s.appendChild(el('div', { class: 'scroll' }, canvas));
    var t = el('table', { class: 'matrix', 'data-role': 'matrix' });
    var caption = el('caption', { class: 'sr', text: 'Filter matrix: nodes by filter plugins' });
    t.appendChild(caption);
    var hr = el('tr', null, el('th', { scope: 'col', class: 'node', text: 'Node' }), el('th', { scope: 'col', text: 'Zone' }));
    cols.forEach(function (name, k) {
      hr.appendChild(el('th', { scope: 'col', class: 'col' }, el('abbr', { title: name, text: ab[k] })));
    });
    hr.appendChild(el('th', { scope: 'col', text: 'Recorded reason' }));
    var parts = paged(s, t, hr), tbody = parts.body, more = parts.more;
    s.appendChild(el('p', { class: 'muted', text: 'Columns: ' + cols.map(function (n, k) { return ab[k] + ' = ' + n; }).join(', ') }));

    var limit = ROWS_SHOWN, selected = selectedIndex(c);
    function groupKey(r, by) {
      if (by === 'zone') return zoneOf(mx.rows[r]);
      if (by === 'reason') return mx.recorded[r] >= 0 ? mx.reasons[mx.recorded[r]] : 'feasible';
      if (by === 'result') return feasible[r] ? 'feasible' : 'rejected';
      return null;
    }
    function draw() {
      var q = input.value.trim().toLowerCase(), by = group.value;
      var match = [];
      for (var r = 0; r < mx.rows.length; r++) {
        if (!q || nodeName(mx.rows[r]).toLowerCase().indexOf(q) >= 0) match.push(r);
      }
      var groups = {};
      if (by !== 'none') {
        match.forEach(function (r) { var g = groupKey(r, by); groups[g] = (groups[g] || 0) + 1; });
        match.sort(function (a, b) {
          var ga = groupKey(a, by), gb = groupKey(b, by);
          if (ga !== gb) return groups[gb] - groups[ga] || (ga < gb ? -1 : 1);
          return nodeName(mx.rows[a]) < nodeName(mx.rows[b]) ? -1 : 1;
        });
      }
      if (canvas) overview(match, by);
      tbody.textContent = '';
      var shown = Math.min(limit, match.length), last = null;
      for (var i = 0; i < shown; i++) {
        var row = match[i];
        if (by !== 'none') {
          var g = groupKey(row, by);
          if (g !== last) {
            last = g;
            tbody.appendChild(el('tr', { class: 'group' }, el('th', { scope: 'rowgroup', colspan: ncol + 3, text: g + ' \u2014 ' + plural(groups[g], 'node') })));
          }
        }
        var node = mx.rows[row];
        var tr = el('tr', { class: (feasible[row] ? 'feasible' : '') + (node === selected ? ' selected' : '') });
        tr.appendChild(el('td', { class: 'node', text: nodeName(node) }));
        tr.appendChild(el('td', { class: 'zone', text: zoneOf(node) }));
        for (var k = 0; k < ncol; k++) {
          var code = mx.cells.charAt(row * ncol + k);
          var td = el('td', { class: 'c c-' + code, title: cols[k] + ': ' + CELL[code][1] });
          td.appendChild(el('span', { 'aria-hidden': 'true', text: CELL[code][0] }));
          td.appendChild(el('span', { class: 'sr', text: CELL[code][1] }));
          tr.appendChild(td);
        }
        var reasons = mx.rowReasons[row].map(function (x) { return mx.reasons[x]; });
        tr.appendChild(el('td', { class: 'reason', title: reasons.join('\n') || null, text: mx.recorded[row] >= 0 ? mx.reasons[mx.recorded[row]] : (reasons[0] || '') }));
        tbody.appendChild(tr);
      }
      count.textContent = 'Showing ' + shown + ' of ' + mx.rows.length + ' node(s)' + (q ? ', ' + match.length + ' matching \u201c' + q + '\u201d' : '') + '.';
      more.textContent = '';
      if (shown < match.length) {
        more.appendChild(moreButton('Show ' + Math.min(ROWS_SHOWN * 5, match.length - shown) + ' more', function () { limit += ROWS_SHOWN * 5; draw(); }));
      }
    }
    // Every matching node at once, in table order: one column per node (several per pixel on big clusters, showing
    // the worst outcome among them), one band per filter.
    function overview(match, by) {
      var n = match.length, per = Math.max(1, Math.ceil(n / 1000)), buckets = Math.ceil(n / per);
      var w = Math.max(1, Math.min(14, Math.floor(1000 / Math.max(1, buckets)))), bandH = 9, labelW = 56, gap = 1;
      canvas.width = labelW + buckets * w;
      canvas.height = ncol * (bandH + gap);
      var css = getComputedStyle(document.documentElement), colour = {};
      ['P', 'F', 'R', 'S', 'U', 'N', 'E'].forEach(function (code) {
        colour[code] = css.getPropertyValue({ P: '--ok-fg', F: '--fail-bg', R: '--rec-bg', S: '--skip-bg', U: '--unk-bg', N: '--skip-bg', E: '--err-bg' }[code]).trim();
      });
      colour.P = css.getPropertyValue('--ok-bg').trim();
      var rank = { N: 0, S: 1, P: 2, U: 3, E: 4, F: 5, R: 6 };
      var ctx = canvas.getContext('2d');
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      ctx.font = '10px ui-monospace, monospace';
      ctx.textBaseline = 'middle';
      ctx.fillStyle = css.getPropertyValue('--fg').trim();
      for (var k = 0; k < ncol; k++) ctx.fillText(ab[k], 0, k * (bandH + gap) + bandH / 2);
      for (var b = 0; b < buckets; b++) {
        for (var k2 = 0; k2 < ncol; k2++) {
          var worst = 'N';
          for (var i = b * per; i < Math.min(n, (b + 1) * per); i++) {
            var code = mx.cells.charAt(match[i] * ncol + k2);
            if (rank[code] > rank[worst]) worst = code;
          }
          ctx.fillStyle = colour[worst];
          ctx.fillRect(labelW + b * w, k2 * (bandH + gap), Math.max(1, w - (w > 3 ? 1 : 0)), bandH);
        }
      }
      var rejectedNodes = match.filter(function (r) { return !feasible[r]; }).length;
      canvas.setAttribute('aria-label', 'Overview of ' + n + ' node(s) by ' + ncol + ' filter(s)' + (by !== 'none' ? ', grouped by ' + by : '')
        + ': ' + rejectedNodes + ' rejected, ' + (n - rejectedNodes) + ' pass every filter' + (per > 1 ? '; each column is ' + per + ' nodes, coloured by the worst outcome among them' : ''));
      canvas.title = canvas.getAttribute('aria-label');
    }
    input.addEventListener('input', function () { limit = ROWS_SHOWN; draw(); });
    group.addEventListener('change', function () { limit = ROWS_SHOWN; draw(); });
    draw();
    return s;
  }

  function selectedIndex(c) {
    if (!c.selected) return -1;
    return D.nodes.indexOf(c.selected);
  }

  function scoreView(c) {
    var sc = c.score, cols = sc.cols, ab = abbrevs(cols);
    var s = section('Score');
    s.setAttribute('data-part', 'score');
    s.appendChild(el('p', { class: 'stats', text: 'Weighted points per plugin (normalized score \u00d7 weight); the bar is each node\u2019s total, split by plugin.' }));
    var legend = el('ul', { class: 'legend', 'aria-label': 'Score plugins' });
    cols.forEach(function (name, k) {
      legend.appendChild(el('li', null, el('span', { class: 'swatch', style: 'background:' + colourOf(name) }),
        name + (sc.weights[k] !== null && sc.weights[k] !== undefined ? ' \u00d7' + sc.weights[k] : '')));
    });
    s.appendChild(legend);
    if (c.skippedScorePlugins && c.skippedScorePlugins.length) {
      s.appendChild(el('p', { class: 'muted', text: 'Skipped at PreScore (no contribution): ' + c.skippedScorePlugins.join(', ') }));
    }
    var top = {};
    sc.top.forEach(function (n) { top[n] = true; });
    var maxTotal = 1;
    sc.rows.forEach(function (r) {
      var sum = 0;
      for (var k = 2; k < r.length; k++) sum += Math.max(0, r[k]);
      maxTotal = Math.max(maxTotal, sum);
    });
    var sortKey = 1, desc = true, limit = SCORES_SHOWN;
    var t = el('table', { class: 'scores', 'data-role': 'scores' });
    t.appendChild(el('caption', { class: 'sr', text: 'Scores per node, sortable' }));
    var hr = el('tr');
    var heads = [];
    function sortHead(label, key, full, cls) {
      var th = el('th', { scope: 'col', class: cls || null, 'aria-sort': key === sortKey ? 'descending' : 'none' });
      th.appendChild(el('button', { type: 'button', class: 'sort', 'data-sort': key, title: full ? 'Sort by ' + full : 'Sort by ' + label, text: label,
        on: { click: function () {
          if (sortKey === key) desc = !desc; else { sortKey = key; desc = key !== 0; }
          draw();
        } } }));
      heads.push([th, key]);
      return th;
    }
    hr.appendChild(sortHead('Node', 0, 'node name', 'node'));
    hr.appendChild(el('th', { scope: 'col', text: 'Points' }));
    cols.forEach(function (name, k) { hr.appendChild(sortHead(ab[k], k + 2, name, 'num')); });
    hr.appendChild(sortHead('Total', 1, 'total score', 'num'));
    var parts = paged(s, t, hr), tbody = parts.body, more = parts.more;
    function draw() {
      var rows = sc.rows.slice();
      rows.sort(function (a, b) {
        var x, y;
        if (sortKey === 0) { x = nodeName(a[0]); y = nodeName(b[0]); } else { x = a[sortKey]; y = b[sortKey]; }
        if (x === y) { x = nodeName(a[0]); y = nodeName(b[0]); return x < y ? -1 : x > y ? 1 : 0; }
        var o = x < y ? -1 : 1;
        return desc ? -o : o;
      });
      heads.forEach(function (h) { h[0].setAttribute('aria-sort', h[1] === sortKey ? (desc ? 'descending' : 'ascending') : 'none'); });
      tbody.textContent = '';
      var shown = Math.min(limit, rows.length);
      for (var i = 0; i < shown; i++) {
        var r = rows[i];
        var isSel = nodeName(r[0]) === c.selected;
        var tr = el('tr', { class: isSel ? 'selected' : null });
        tr.appendChild(el('td', { class: 'node' }, nodeName(r[0]), isSel ? ' \u25c0 selected' : (top[r[0]] ? ' (tied)' : '')));
        var bar = el('span', { class: 'bar', role: 'img', 'aria-label': nodeName(r[0]) + ': total ' + r[1] });
        for (var k = 2; k < r.length; k++) {
          if (r[k] <= 0) continue;
          bar.appendChild(el('span', { style: 'width:' + (100 * r[k] / maxTotal) + '%;background:' + colourOf(cols[k - 2]), title: cols[k - 2] + ': ' + r[k] }));
        }
        tr.appendChild(el('td', { class: 'barcell' }, bar));
        for (var j = 2; j < r.length; j++) tr.appendChild(el('td', { class: 'num', text: r[j] }));
        tr.appendChild(el('td', { class: 'num', text: r[1] }));
        tbody.appendChild(tr);
      }
      more.textContent = '';
      if (shown < rows.length) more.appendChild(moreButton('Show ' + Math.min(SCORES_SHOWN * 5, rows.length - shown) + ' more of ' + rows.length, function () { limit += SCORES_SHOWN * 5; draw(); }));
    }
    draw();
    return s;
  }

  function preemptionView(pf) {
    var s = section('Preemption' + (pf.plugin ? ' (' + pf.plugin + ')' : ''));
    s.setAttribute('data-part', 'preemption');
    if (pf.nominatedNodeName) {
      s.appendChild(el('p', null, 'Would nominate ', el('strong', { class: 'mono', text: pf.nominatedNodeName }), ', evicting ' + plural(pf.victims.length, 'pod') + '.'));
    } else {
      s.appendChild(el('p', { text: pf.code + (pf.message ? ': ' + pf.message : '') }));
    }
    var cands = pf.candidates || [];
    var chosen = cands.filter(function (x) { return x.node === pf.nominatedNodeName; })[0];
    if (chosen && chosen.victimDetails) {
      s.appendChild(el('h3', { text: 'Victims' }));
      s.appendChild(table(null, ['Victim', '#Priority', 'Start time', 'PodDisruptionBudget'], chosen.victimDetails.map(function (v) {
        return [v.pod, v.priority, v.startTime || '(unknown)', v.pdbViolating ? 'violated' : '-'];
      })));
    } else if (pf.victims && pf.victims.length) {
      s.appendChild(table(null, ['Victim'], pf.victims.map(function (v) { return [v]; })));
    }
    if (pf.clearedNominations && pf.clearedNominations.length) {
      s.appendChild(el('p', { text: 'Nominations cleared: ' + pf.clearedNominations.join(', ') }));
    }
    if (cands.length) {
      s.appendChild(el('h3', { text: 'Candidates, ranked' }));
      var best = {};
      (pf.bestCandidates || []).forEach(function (n) { best[n] = true; });
      var ordered = cands.slice().sort(function (a, b) {
        var x = a.node === pf.nominatedNodeName ? 0 : best[a.node] ? 1 : 2, y = b.node === pf.nominatedNodeName ? 0 : best[b.node] ? 1 : 2;
        return x - y || (a.node < b.node ? -1 : 1);
      });
      s.appendChild(table(null, ['Node', '#Victims', '#PDB violations', 'Ranked lower by'], ordered.map(function (x) {
        return [x.node, x.victims.length, x.numPDBViolations, x.node === pf.nominatedNodeName ? 'chosen' : (x.rankedLower || 'tied with the chosen node')];
      })));
      if (pf.candidatesTotal > cands.length) s.appendChild(el('p', { class: 'muted', text: (pf.candidatesTotal - cands.length) + ' more candidate(s): -o json lists them all.' }));
    }
    if (pf.failedNodes && pf.failedNodes.length) {
      var d = el('details', null, el('summary', { text: 'Nodes where preemption cannot help (' + pf.failedNodesTotal + ')' }));
      d.appendChild(table(null, ['Node', 'Code', 'Reasons'], pf.failedNodes.map(function (x) { return [x.node, x.code, x.reasons.join(', ')]; })));
      if (pf.failedNodesTotal > pf.failedNodes.length) d.appendChild(el('p', { class: 'muted', text: (pf.failedNodesTotal - pf.failedNodes.length) + ' more: -o json lists them all.' }));
      s.appendChild(d);
    }
    return s;
  }

  function callLine(label, call, text) {
    var li = el('li', null, el('strong', { text: label + ': ' }), text + ' (' + call.millis + ' ms)');
    if (call.error) li.appendChild(el('div', { class: 'mono', text: 'error' + (call.ignored ? ' (ignored)' : '') + ': ' + call.error }));
    return li;
  }
  function filterText(f) {
    if (f.error) return f.sent + ' node(s) sent';
    return f.sent + ' sent, ' + f.passed + ' passed, ' + f.failed + ' failed' + (f.removed ? ', ' + f.removed + ' dropped without a reason' : '')
      + (f.rebuiltNodes ? '; not nodeCacheCapable: the returned nodes are rebuilt without their pods (kubernetes#141781)' : '');
  }
  function extendersView(ext) {
    var s = section('Extenders');
    s.setAttribute('data-part', 'extenders');
    Object.keys(ext).forEach(function (url) {
      var e = ext[url];
      s.appendChild(el('h3', { class: 'mono', text: url }));
      s.appendChild(el('p', { class: 'muted', text: 'verbs: ' + e.verbs.join(', ') + (e.ignorable ? '; ignorable' : '') + (e.interested ? '' : '; not interested: the pod requests none of its managed resources') }));
      var ul = el('ul');
      if (e.nominatedFilter) ul.appendChild(callLine('filter (nominated node)', e.nominatedFilter, filterText(e.nominatedFilter)));
      if (e.filter) ul.appendChild(callLine('filter', e.filter, filterText(e.filter)));
      if (e.prioritize) {
        var p = e.prioritize;
        ul.appendChild(callLine('prioritize', p, p.error ? '' : p.scores.map(function (h) { return h.host + '=' + h.score; }).join(' ') + ', weight ' + p.weight + ' (score \u00d7 weight \u00d7 10 added to the total)'));
      }
      if (e.preempt) {
        ul.appendChild(callLine('preempt', e.preempt, 'sent ' + Object.keys(e.preempt.sent).length + ' candidate(s)' + (e.preempt.returned ? ', kept ' + (Object.keys(e.preempt.returned).join(', ') || 'none') : '')));
      }
      if (e.bind) {
        ul.appendChild(callLine('bind', e.bind, e.bind.called ? 'bound the pod to ' + e.bind.node : 'would bind the pod to ' + e.bind.node + ' (not called: --allow-extender-bind calls it)'));
      }
      s.appendChild(ul);
    });
    return s;
  }

  // ---- sequences: a timeline of placements, each node's fill, one cycle at a time ----

  function placementsOf(cycles) {
    return cycles.map(function (c) {
      var nominated = c.postFilter && c.postFilter.nominatedNodeName ? c.postFilter.nominatedNodeName : null;
      return { pod: c.pod, result: c.verdict, node: c.selected || null, nominatedNodeName: nominated, message: c.message };
    });
  }

  function summaryLine(pl) {
    var n = { Scheduled: 0, Gated: 0, other: 0 };
    pl.forEach(function (p) { if (p.result === 'Scheduled' || p.result === 'Gated') n[p.result] += 1; else n.other += 1; });
    return pl.length + ' pod(s): ' + n.Scheduled + ' scheduled, ' + n.other + ' not scheduled' + (n.Gated ? ', ' + n.Gated + ' gated' : '');
  }

  // ---- each node's fill: the requests of the pods on it against its allocatable, as NodeResourcesFit counts them ----

  var FILL_LISTED = 40;
  var KI = 1024, BINARY = [['Ti', KI * KI * KI * KI], ['Gi', KI * KI * KI], ['Mi', KI * KI], ['Ki', KI]];
  function cpuText(m) { return m % 1000 === 0 ? String(m / 1000) : m + 'm'; }
  // Bytes as Kubernetes writes them: the largest binary unit that divides them, else one decimal of the largest below.
  function memText(b) {
    var i;
    for (i = 0; i < BINARY.length; i++) if (b >= BINARY[i][1] && b % BINARY[i][1] === 0) return (b / BINARY[i][1]) + BINARY[i][0];
    for (i = 0; i < BINARY.length; i++) if (b >= BINARY[i][1]) return (b / BINARY[i][1]).toFixed(1) + BINARY[i][0];
    return String(b);
  }
  function share(req, alloc) { return alloc > 0 ? req / alloc : (req > 0 ? Infinity : 0); }
  function pct(f) { return f === Infinity ? 'over (none allocatable)' : Math.round(100 * f) + '%'; }
  // One node's fill from its requests [milli-CPU, bytes, pods, ephemeral-storage bytes, {scalar: [requested,
  // allocatable]}?] and D.alloc; the bar is the larger of CPU and memory. Ephemeral storage counts when the node has
  // some or some is requested; the scalar resources are those the run's pod requests that the node has.
  function fillOf(node, req) {
    var a = D.alloc[node], eph = req[3] || 0, ephAlloc = a[3] || 0, ext = req[4] || {};
    var f = { node: node, cpu: share(req[0], a[0]), mem: share(req[1], a[1]), pods: share(req[2], a[2]),
      cpuText: cpuText(req[0]) + ' of ' + cpuText(a[0]), memText: memText(req[1]) + ' of ' + memText(a[1]), podsText: req[2] + ' of ' + a[2],
      eph: eph || ephAlloc ? share(eph, ephAlloc) : null, ephText: memText(eph) + ' of ' + memText(ephAlloc),
      ext: Object.keys(ext).sort().map(function (r) { return { name: r, share: share(ext[r][0], ext[r][1]), text: ext[r][0] + ' of ' + ext[r][1] }; }) };
    f.bar = Math.max(f.cpu, f.mem);
    return f;
  }
  function ephText(f) { return f.eph === null ? '–' : f.ephText + ' (' + pct(f.eph) + ')'; }
  function extText(f) {
    return f.ext.length ? f.ext.map(function (x) { return x.name + ' ' + x.text + ' (' + pct(x.share) + ')'; }).join(', ') : '–';
  }
  function breakdown(f) {
    return 'CPU ' + f.cpuText + ' (' + pct(f.cpu) + '), memory ' + f.memText + ' (' + pct(f.mem) + '), pods ' + f.podsText + ' (' + pct(f.pods) + ')'
      + (f.eph === null ? '' : ', ephemeral storage ' + ephText(f)) + (f.ext.length ? ', ' + extText(f) : '');
  }
  var NOMINATED = 'Nominated pods (waiting for their preemption victims to leave) are not counted here; while a pod is '
    + 'filtered, the scheduler adds those of equal or higher priority to their node, and NodeResourcesFit counts them.';

  // The nodes in latest ({node index: requests}), fullest first, as a table with a bar per node (its breakdown on
  // hover and focus) and the breakdown in columns. opts.limit: how many nodes to list (the rest are counted);
  // opts.current: the node of the latest placement, marked and always listed.
  function fillView(latest, title, opts) {
    opts = opts || {};
    var s = el('div', { 'data-part': 'fill' });
    s.appendChild(el('h3', { text: title }));
    var fills = Object.keys(latest).map(function (k) { return fillOf(Number(k), latest[k]); });
    if (!fills.length) { s.appendChild(el('p', { class: 'muted', text: 'Nothing placed.' })); return s; }
    fills.sort(function (a, b) { return b.bar - a.bar || (nodeName(a.node) < nodeName(b.node) ? -1 : 1); });
    var shown = fills.slice(0, opts.limit || fills.length);
    if (opts.current !== undefined && !shown.some(function (f) { return f.node === opts.current; })) {
      shown.push(fills.filter(function (f) { return f.node === opts.current; })[0]);
    }
    // The optional columns appear when some listed node has something to show in them.
    var withEph = shown.some(function (f) { return f.eph !== null; }), withExt = shown.some(function (f) { return f.ext.length > 0; });
    var t = el('table', { class: 'fill', 'data-role': 'fill' });
    t.appendChild(el('caption', { class: 'sr', text: title + ': requests against allocatable per node, fullest first' }));
    var head = el('tr', null, el('th', { scope: 'col', text: 'Node' }),
      el('th', { scope: 'col', text: 'Fill (the larger of CPU and memory)' }), el('th', { scope: 'col', class: 'num', text: 'CPU' }),
      el('th', { scope: 'col', class: 'num', text: 'Memory' }), el('th', { scope: 'col', class: 'num', text: 'Pods' }));
    if (withEph) head.appendChild(el('th', { scope: 'col', class: 'num', text: 'Ephemeral storage' }));
    if (withExt) head.appendChild(el('th', { scope: 'col', class: 'num', text: 'Extended resources (its latest pod\u2019s)' }));
    t.appendChild(el('thead', null, head));
    var tb = el('tbody');
    shown.forEach(function (f) {
      var cur = f.node === opts.current, name = nodeName(f.node), tipId = id('tip');
      var bar = el('span', { class: 'bar fillbar', tabindex: 0, role: 'img', 'aria-label': name + ': ' + pct(f.bar) + ' full', 'aria-describedby': tipId },
        el('span', { style: 'width:' + Math.min(100, 100 * f.bar) + '%;background:var(' + (f.bar > 1 ? '--rec-bg' : cur ? '--s1' : '--s0') + ')' }));
      var tr = el('tr', { class: cur ? 'selected' : null, 'data-node': name },
        el('th', { scope: 'row', class: 'node' + (cur ? ' current' : ''), text: name + (cur ? ' \u2190 latest' : '') }),
        el('td', { class: 'barcell' }, el('div', { class: 'fillcell' },
          el('span', { class: 'tipped' }, bar, el('span', { id: tipId, role: 'tooltip', class: 'tip', text: breakdown(f) })),
          el('span', { class: 'num', 'data-res': 'fill', text: pct(f.bar) }))),
        el('td', { class: 'num', 'data-res': 'cpu', text: f.cpuText + ' (' + pct(f.cpu) + ')' }),
        el('td', { class: 'num', 'data-res': 'memory', text: f.memText + ' (' + pct(f.mem) + ')' }),
        el('td', { class: 'num', 'data-res': 'pods', text: f.podsText + ' (' + pct(f.pods) + ')' }));
      if (withEph) tr.appendChild(el('td', { class: 'num', 'data-res': 'ephemeral-storage', text: ephText(f) }));
      if (withExt) tr.appendChild(el('td', { class: 'num', 'data-res': 'extended', text: extText(f) }));
      tb.appendChild(tr);
    });
    t.appendChild(tb);
    s.appendChild(el('div', { class: 'scroll' }, t));
    s.appendChild(el('p', { class: 'muted', 'data-role': 'nominated', text: NOMINATED }));
    if (shown.length < fills.length) {
      s.appendChild(el('p', { class: 'muted', text: '\u2026 and ' + plural(fills.length - shown.length, 'more node') + '; ' + plural(fills.length, 'node') + ' in all.' }));
    }
    return s;
  }

  function sequenceView(cycles, placements, heading) {
    var s = section(heading);
    s.setAttribute('data-part', 'timeline');
    s.appendChild(el('p', { id: 'verdict', class: 'verdict', text: summaryLine(placements) }));
    var detail = el('div');
    var ticks = el('div', { class: 'ticks', role: 'group', 'aria-label': 'Placements in order; choose one to see its cycle' });
    var fillBox = el('div');
    var current = -1;
    var rows = [];
    function show(i) {
      current = i;
      Array.prototype.forEach.call(ticks.childNodes, function (b, k) { b.setAttribute('aria-current', k === i ? 'true' : 'false'); });
      rows.forEach(function (r, k) { r.className = k === i ? 'selected' : ''; });
      var latest = {};
      for (var k = 0; k <= i; k++) (cycles[k] && cycles[k].fill || []).forEach(function (f) { latest[f[0]] = f.slice(1); });
      fillBox.textContent = '';
      var placed = placements[i].result === 'Scheduled' && cycles[i] && cycles[i].fill ? cycles[i].fill[0][0] : undefined;
      fillBox.appendChild(fillView(latest, 'Node fill after step ' + (i + 1) + ' of ' + placements.length, { limit: FILL_LISTED, current: placed }));
      detail.textContent = '';
      if (cycles[i]) {
        detail.appendChild(el('h2', { text: 'Step ' + (i + 1) + ': ' + cycles[i].pod }));
        detail.appendChild(cycleView(cycles[i]));
      }
    }
    placements.forEach(function (p, i) {
      ticks.appendChild(el('button', { type: 'button', class: 'r-' + p.result, title: (i + 1) + '. ' + p.pod + ' \u2192 ' + (p.node || p.result),
        'aria-label': 'step ' + (i + 1) + ': ' + p.pod + ', ' + p.result + (p.node ? ' on ' + p.node : ''), on: { click: function () { show(i); } } }));
    });
    s.appendChild(ticks);
    var t = el('table', { 'data-role': 'placements' });
    t.appendChild(el('thead', null, el('tr', null, el('th', { scope: 'col', class: 'num', text: '#' }), el('th', { scope: 'col', text: 'Pod' }),
      el('th', { scope: 'col', text: 'Result' }), el('th', { scope: 'col', text: 'Node' }), el('th', { scope: 'col', text: 'Why not' }))));
    var tb = el('tbody');
    placements.forEach(function (p, i) {
      var tr = el('tr');
      tr.appendChild(el('td', { class: 'num', text: i + 1 }));
      tr.appendChild(el('td', { class: 'node' }, cycles[i] ? el('button', { type: 'button', class: 'sort', text: p.pod, on: { click: function () { show(i); detail.scrollIntoView(); } } }) : p.pod));
      tr.appendChild(el('td', null, badge(p.result)));
      tr.appendChild(el('td', { class: 'node', text: p.node || (p.nominatedNodeName ? '(nominated ' + p.nominatedNodeName + ')' : '-') }));
      tr.appendChild(el('td', { class: 'muted', text: p.message && p.result !== 'Scheduled' ? p.message : '' }));
      rows.push(tr);
      tb.appendChild(tr);
    });
    t.appendChild(tb);
    s.appendChild(el('div', { class: 'scroll' }, t));
    s.appendChild(fillBox);
    main.appendChild(s);
    main.appendChild(detail);
    if (placements.length) show(firstInteresting(placements));
  }

  function firstInteresting(pl) {
    for (var i = 0; i < pl.length; i++) if (pl[i].result !== 'Scheduled') return i;
    return pl.length - 1;
  }

  // ---- the commands ----

  function notes() {
    if (!D.notes || !D.notes.length) return;
    var s = section('Notes while loading');
    var ul = el('ul', { class: 'notes' });
    D.notes.forEach(function (n) { ul.appendChild(el('li', { text: n })); });
    s.appendChild(ul);
    main.appendChild(s);
  }

  function configError(msg) {
    main.appendChild(el('p', { id: 'verdict', class: 'verdict' }, badge('Error'), 'Invalid configuration'));
    main.appendChild(el('pre', { class: 'msg', text: msg }));
  }

  function schedule() {
    if (D.configError) { configError(D.configError); return; }
    if (D.cycles.length === 1) {
      var s = el('section', { 'data-part': 'cycle' });
      s.appendChild(cycleView(D.cycles[0], { verdictId: 'verdict' }));
      main.appendChild(s);
    } else {
      sequenceView(D.cycles, placementsOf(D.cycles), 'Placements');
    }
  }

  function simulate() {
    if (D.configError) { configError(D.configError); return; }
    sequenceView(D.cycles, D.placements, 'Placements, in ' + (D.order === 'queue' ? 'queue order (QueueSort)' : 'file order'));
  }

  function explain() {
    var c = D.cycles[0];
    if (D.waitingFor) main.appendChild(el('p', { 'data-part': 'not-created', text: D.waitingFor }));
    main.appendChild(verdictBlock(c, 'verdict'));
    if (D.before.length) {
      var b = section('Placed first (the pods of -f before it)');
      b.appendChild(table(null, ['Pod', 'Result', 'Node'], D.before.map(function (p) { return [p.pod, badge(p.result), p.node || p.nominatedNodeName]; })));
      main.appendChild(b);
    }
    if (D.requires && D.requires.length) {
      var q = section('Create first (the API server refuses the pod until these exist)');
      q.setAttribute('data-part', 'requires');
      q.appendChild(table(null, ['Object', 'Why'], D.requires));
      main.appendChild(q);
    }
    if (D.reasons.length) {
      var w = section('Why (every filter that rejects a node)');
      w.setAttribute('data-part', 'why');
      w.appendChild(table(null, ['Plugin', 'Reason', 'Code', '#Nodes', 'Which'], D.reasons.map(function (g) {
        return [g.plugin, g.reason, g.code, g.nodes.length, g.nodes.slice(0, 20).join(', ') + (g.nodes.length > 20 ? ' \u2026 and ' + (g.nodes.length - 20) + ' more' : '')];
      })));
      main.appendChild(w);
    }
    main.appendChild(suggestionsView(D));
    var s = el('div');
    s.appendChild(cycleView(c, { noVerdict: true }));
    main.appendChild(s);
  }

  function suggestionsView(d) {
    var s = section('What would help (each verified by re-running the cycle; smallest change first)');
    s.setAttribute('data-part', 'suggestions');
    if (!d.suggestions.length && !d.headline) s.appendChild(el('p', { text: d.verdict === 'Scheduled' ? 'The pod schedules as it is.' : 'No verified change found.' }));
    if (d.workload && d.suggestions.length) s.appendChild(el('p', { text: d.workload }));
    var ol = el('ol', { class: 'suggestions' });
    d.suggestions.forEach(function (x) {
      var li = el('li');
      li.appendChild(el('h3', { text: (x.rank ? '[' + x.rank + '] ' : '') + x.summary }));
      li.appendChild(el('p', { text: 'opens ' + plural(x.opens.length, 'node') + ': ' + x.opens.slice(0, 20).join(', ') + (x.opens.length > 20 ? ' \u2026' : '')
        + (x.selected ? (x.nominates ? '; kube-scheduler nominates ' : '; the pod would go to ') + x.selected : '') }));
      if (x.tradeOff) li.appendChild(el('p', { class: 'muted', text: 'trade-off: ' + x.tradeOff }));
      if (x.changes.length) li.appendChild(table(null, ['Object', 'Field', 'From', 'To'], x.changes));
      if (x.command) li.appendChild(el('pre', { class: 'msg', text: x.command }));
      if (x.evictions.length) li.appendChild(table(null, ['Evict', 'Node', '#Priority', 'PDB'], x.evictions.map(function (v) { return [v[0], v[1], v[2], v[3] ? 'violated' : '-']; })));
      if (x.newNode) {
        li.appendChild(kv([['new node', x.newNode.name], ['copy of', x.newNode.copyOf],
          ['allocatable', Object.keys(x.newNode.allocatable).map(function (k) { return k + '=' + x.newNode.allocatable[k]; }).join(', ')],
          ['taints', x.newNode.taints.join(', ') || '-']]));
      }
      ol.appendChild(li);
    });
    s.appendChild(ol);
    if (d.headline) s.appendChild(el('p', { 'data-part': 'headline', text: d.headline }));
    if (d.unresolved && d.unresolved.length) s.appendChild(el('p', { class: 'muted', text: 'No verified change for: ' + d.unresolved.join(', ') }));
    return s;
  }

  function capacity() {
    var head = el('p', { id: 'verdict', class: 'verdict' }, badge(D.replicas > 0 ? 'Scheduled' : 'Unschedulable', D.replicas > 0 ? 'Fits' : 'None fits'),
      el('span', { class: 'mono', text: D.pod + ': ' + (D.partial ? 'at least ' : '') + D.replicas + ' replica(s) fit' }));
    main.appendChild(head);
    if (D.partial) main.appendChild(el('p', { text: 'Interrupted: partial result after ' + D.replicas + ' replica(s) placed.' }));
    var s = section('Placement');
    s.setAttribute('data-part', 'timeline');
    capacityTimeline(s);
    s.appendChild(kv([['stopped', D.failReason.failType], ['last replica placed', D.lastPod]]));
    if (D.failReason.failMessage) s.appendChild(el('pre', { class: 'msg', text: D.failReason.failMessage }));
    if (D.failSummary.length) {
      s.appendChild(el('h3', { text: 'Fit failures on nodes' }));
      s.appendChild(table(null, ['#Nodes', 'Reason'], D.failSummary.map(function (x) { return [x.count, x.reason]; })));
    }
    main.appendChild(s);
    if (D.cycles.length) {
      main.appendChild(el('h2', { text: 'The replica that did not fit' }));
      main.appendChild(cycleView(D.cycles[0]));
    }
  }

  // Capacity's replicas in placement order: a scrubber (and Previous/Next) chooses replica k; the strip shows every
  // replica coloured by its node, the fill each node's requests against its allocatable after replica k, the table
  // each placement.
  function capacityTimeline(s) {
    var pl = D.placements, n = pl.replicas.length;
    if (!n) { s.appendChild(el('p', { class: 'muted', text: 'No replica placed.' })); return; }
    var after = [], running = {}, hue = {}, hues = 0;
    pl.nodes.forEach(function (x, i) {
      running[x] = (running[x] || 0) + 1;
      after.push(running[x]);
      if (hue[x] === undefined) { hue[x] = hues % 12; hues += 1; }
    });
    var scrubId = id('scrub');
    var scrub = el('input', { id: scrubId, type: 'range', min: 1, max: n, step: 1, value: n, 'data-role': 'scrubber' });
    var prev = el('button', { type: 'button', 'data-role': 'prev', text: '\u2190 Previous' });
    var next = el('button', { type: 'button', 'data-role': 'next', text: 'Next \u2192' });
    var status = el('p', { class: 'count', role: 'status', 'aria-live': 'polite', 'data-role': 'replica' });
    s.appendChild(el('p', { class: 'stats', text: plural(n, 'replica') + ' placed on ' + plural(hues, 'node') + ', in order. A node\u2019s fill is what NodeResourcesFit checks: '
      + 'the requests of every pod on it (not only this run\u2019s) against its allocatable CPU, memory, pods, ephemeral storage '
      + 'and the extended resources the pod requests.' }));
    s.appendChild(el('div', { class: 'controls' }, el('label', { for: scrubId }, 'Replica (1\u2013' + n + ')', scrub), prev, next, status));
    // One column per replica (several per pixel past 1,000), coloured by its node; the chosen one is marked.
    var per = Math.max(1, Math.ceil(n / 1000)), cols = Math.ceil(n / per), w = Math.max(1, Math.min(12, Math.floor(1000 / cols)));
    var strip = el('canvas', { class: 'overview', 'data-role': 'strip', 'aria-hidden': 'true',
      title: 'Each column is ' + (per > 1 ? per + ' replicas (coloured by the first one\u2019s node)' : 'one replica, coloured by its node') + '; click to choose' });
    strip.width = cols * w;
    strip.height = 22;
    s.appendChild(el('div', { class: 'scroll' }, strip));
    var fillBox = el('div');
    s.appendChild(fillBox);
    var t = el('table', { 'data-role': 'placements' });
    var hr = el('tr', null, el('th', { scope: 'col', class: 'num', text: '#' }), el('th', { scope: 'col', text: 'Replica' }),
      el('th', { scope: 'col', text: 'Node' }), el('th', { scope: 'col', class: 'num', text: 'Replicas on the node after it' }),
      el('th', { scope: 'col', class: 'num', text: 'Node fill after it' }));
    var parts = paged(s, t, hr), rows = [], current = -1;
    function addRows(upto) {
      for (var i = rows.length; i < Math.min(upto, n); i++) {
        var tr = row(i);
        rows.push(tr);
        parts.body.appendChild(tr);
      }
      parts.more.textContent = '';
      if (rows.length < n) parts.more.appendChild(moreButton('Show ' + Math.min(ROWS_SHOWN * 5, n - rows.length) + ' more', function () { addRows(rows.length + ROWS_SHOWN * 5); }));
    }
    function row(i) {
      return el('tr', null, el('td', { class: 'num', text: i + 1 }),
        el('td', { class: 'node' }, el('button', { type: 'button', class: 'sort', text: pl.replicas[i], on: { click: function () { choose(i); } } })),
        el('td', { class: 'node', text: nodeName(pl.nodes[i]) }), el('td', { class: 'num', text: after[i] }),
        pl.fill[i] ? el('td', { class: 'num', title: breakdown(fillOf(pl.nodes[i], pl.fill[i])), text: pct(fillOf(pl.nodes[i], pl.fill[i]).bar) })
          : el('td', { class: 'num', text: '-' }));
    }
    function drawStrip() {
      var css = getComputedStyle(document.documentElement), palette = [];
      for (var c = 0; c < 12; c++) palette.push(css.getPropertyValue('--s' + c).trim());
      var ctx = strip.getContext('2d');
      ctx.clearRect(0, 0, strip.width, strip.height);
      for (var b = 0; b < cols; b++) {
        ctx.fillStyle = palette[hue[pl.nodes[b * per]]];
        ctx.fillRect(b * w, 6, Math.max(1, w - (w > 3 ? 1 : 0)), 16);
      }
      ctx.fillStyle = css.getPropertyValue('--fg').trim();
      ctx.fillRect(Math.floor(current / per) * w, 0, Math.max(2, w), 5);
    }
    function choose(i) {
      i = Math.max(0, Math.min(n - 1, i));
      if (rows[current]) rows[current].className = '';
      current = i;
      if (i >= rows.length) addRows(Math.ceil((i + 1) / ROWS_SHOWN) * ROWS_SHOWN);
      rows[i].className = 'selected';
      scrub.value = String(i + 1);
      var text = 'Replica ' + (i + 1) + ' of ' + n + ': ' + pl.replicas[i] + ' \u2192 ' + nodeName(pl.nodes[i]);
      scrub.setAttribute('aria-valuetext', text);
      status.textContent = text;
      prev.disabled = i === 0;
      next.disabled = i === n - 1;
      var latest = {};
      for (var k = 0; k <= i; k++) if (pl.fill[k]) latest[pl.nodes[k]] = pl.fill[k];
      fillBox.textContent = '';
      fillBox.appendChild(fillView(latest, 'Node fill after replica ' + (i + 1) + ' of ' + n + ' (the nodes it placed replicas on)', { limit: FILL_LISTED, current: pl.nodes[i] }));
      drawStrip();
    }
    scrub.addEventListener('input', function () { choose(Number(scrub.value) - 1); });
    prev.addEventListener('click', function () { choose(current - 1); });
    next.addEventListener('click', function () { choose(current + 1); });
    strip.addEventListener('click', function (e) {
      var x = e.clientX - strip.getBoundingClientRect().left;
      choose(Math.floor(x / w) * per);
    });
    addRows(ROWS_SHOWN);
    choose(n - 1);
  }

  function diff() {
    var differ = D.pods.filter(function (p) { return !p.same; }).length;
    main.appendChild(el('p', { id: 'verdict', class: 'verdict' }, badge(differ ? 'Different' : 'Identical'),
      differ ? differ + ' of ' + D.pods.length + ' placement(s) differ' : 'Identical placements'));
    main.appendChild(kv([['A', D.configA], ['B', D.configB]]));
    if (D.configErrorA) main.appendChild(el('pre', { class: 'msg', text: 'A: invalid configuration: ' + D.configErrorA }));
    if (D.configErrorB) main.appendChild(el('pre', { class: 'msg', text: 'B: invalid configuration: ' + D.configErrorB }));
    var s = section('Placements under A and B');
    s.setAttribute('data-part', 'timeline');
    var detail = el('div');
    var rows = [];
    function show(i) {
      rows.forEach(function (r, k) { r.className = k === i ? 'selected' : ''; });
      detail.textContent = '';
      var p = D.pods[i];
      detail.appendChild(el('h2', { text: p.pod + ' under A and B' }));
      if (p.explanation) detail.appendChild(el('p', { text: p.explanation }));
      if (p.margins && p.margins.length) {
        detail.appendChild(table(null, ['Plugin', '#Weight A', '#Weight B', '#Margin A', '#Margin B', '#Shift'], p.margins.map(function (m) {
          return [m.plugin, m.weightA, m.weightB, m.marginA, m.marginB, m.shift];
        })));
      }
      var sides = el('div', { class: 'sides' });
      [['A', D.cyclesA[i]], ['B', D.cyclesB[i]]].forEach(function (side) {
        var box = el('div', { 'data-side': side[0] });
        box.appendChild(el('h3', { text: side[0] + ': ' + (side[0] === 'A' ? D.configA : D.configB) }));
        if (side[1]) box.appendChild(cycleView(side[1]));
        sides.appendChild(box);
      });
      detail.appendChild(sides);
    }
    var t = table(null, ['Pod', 'A node', '#A score', 'B node', '#B score', 'Moved by'], D.pods.map(function (p, i) {
      return [el('button', { type: 'button', class: 'sort', text: p.pod, on: { click: function () { show(i); } } }),
        p.a.node || p.a.result, p.a.score, p.b.node || p.b.result, p.b.score, p.same ? '' : ((p.movedBy || '') + (p.cause ? ' (' + p.cause + ')' : '') || 'differs')];
    }));
    t.querySelector('table').setAttribute('data-role', 'placements');
    rows = Array.prototype.slice.call(t.querySelectorAll('tbody tr'));
    s.appendChild(t);
    main.appendChild(s);
    main.appendChild(detail);
    if (D.pods.length) {
      var first = 0;
      for (var i = 0; i < D.pods.length; i++) if (!D.pods[i].same) { first = i; break; }
      show(first);
    }
  }

  function pending() {
    var unsched = D.groups.filter(function (g) { return g.reasons.length; }).reduce(function (n, g) { return n + g.count; }, 0);
    var line = el('p', { class: 'verdict', id: 'verdict' });
    line.appendChild(badge(unsched ? 'Unschedulable' : 'Scheduled'));
    line.appendChild(el('span', { text: unsched + ' of ' + plural(D.pending, 'pending pod') + ' would not schedule' }));
    main.appendChild(line);
    var s = section(plural(D.pending, 'pending pod') + ' (' + D.skipped + ' with scheduling gates or not served by a profile, skipped), grouped by cause');
    s.setAttribute('data-part', 'pending');
    (D.ordering || []).forEach(function (o) { s.appendChild(el('p', { class: 'muted', text: o + '.' })); });
    s.appendChild(table(null, ['#Pods', 'Cause', 'Workloads', 'Best verified change (for the example pod)'], D.groups.map(function (g) {
      var best = g.best ? g.best.summary : (g.headline ? g.headline.kind + (g.headline.detail ? ': ' + g.headline.detail : '') : 'no verified change');
      return [g.count, g.reasons.length ? g.reasons.join(', ') : '(schedules)', g.workloads.slice(0, 5).join(', ') + (g.workloads.length > 5 ? ' \u2026' : ''),
        (g.example ? g.example + ': ' : '') + best];
    })));
    main.appendChild(s);
  }

  var views = { schedule: schedule, explain: explain, capacity: capacity, simulate: simulate, diff: diff, pending: pending };
  main.textContent = '';
  views[D.kind]();
  notes();
})();
