// Issue 45: what Chromium's accessibility tree says of each board in the middle of play, read over the
// DevTools protocol (the names a screen reader gets), checked against what the board shows: a Hammer block
// and area, a Carcassonne tile in hand, a placed tile and a figure, a HACSE unit of each side and hand cards;
// and the summary key (I) reading the element in focus into the board's status region.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, server, b, skip } from './helpers.mjs';
import { SCENARIOS, localPositions } from './midgame.mjs';

useServerAndBrowser();

/** Opens position `name` of `gameId`'s local mid-game (midgame.mjs) in a fresh page. */
async function openPosition(gameId, game, name, { locale = 'en-US', width = 1280 } = {}) {
  const seed = `a11y-${gameId}`;
  const p = localPositions(game, gameId, seed).find((x) => x.name === name);
  const roles = game.roles({ ...SCENARIOS[gameId].options, seed });
  let s = game.setup({ ...SCENARIOS[gameId].options, seed });
  for (const a of p.actions) s = game.apply(s, a.role, a.action);
  const ctx = await b.browser.newContext({ viewport: { width, height: 900 }, locale });
  const page = await ctx.newPage();
  page.setDefaultTimeout(15_000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}/`);
  await page.evaluate((f) => localStorage.setItem('tabula.local', JSON.stringify(f)),
    { game: gameId, seed, options: SCENARIOS[gameId].options, actions: p.actions, seats: Object.fromEntries(roles.map((r) => [r, 'me'])) });
  await page.goto(`${server.url}/local/play`);
  await page.locator('[data-testid=curtain-go], .board-area [data-testid=board-keys]').first().waitFor();
  if (await page.getByTestId('curtain-go').isVisible()) await page.getByTestId('curtain-go').click();
  await page.locator('.board-area [data-testid=board-keys]').waitFor();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Accessibility.enable');
  return { ctx, page, errors, cdp, view: game.view(s, p.role), role: p.role };
}

/** Chromium's role, name and description of the element `el` (an ElementHandle), from its accessibility tree. */
async function ax(cdp, page, el) {
  await el.evaluate((e) => e.setAttribute('data-ax-probe', ''));
  try {
    const { result } = await cdp.send('Runtime.evaluate', { expression: 'document.querySelector("[data-ax-probe]")' });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { objectId: result.objectId, fetchRelatives: false });
    const n = nodes[0];
    return { role: n.role?.value, name: n.name?.value ?? '', description: n.description?.value ?? '', ignored: n.ignored };
  } finally { await el.evaluate((e) => e.removeAttribute('data-ax-probe')); }
}

/** The text an element shows, word by word, as a sighted player reads it (SVG texts and HTML text). */
const shownText = (el) => el.evaluate((e) => [...e.querySelectorAll('text, .hc-name')].map((x) => x.textContent.trim()).filter(Boolean).join(' ') || e.textContent.trim());

test('issue 45, Hammer in battle: a block is named by its printed text, then name, side, strength; an area says its borders; I reads the area', { skip, timeout: 90_000 }, async (t) => {
  const game = (await import('@tabula/hammer')).hammerGame;
  const { HAMMER_DATA } = await import('@tabula/hammer');
  const { ctx, page, errors, cdp, view } = await openPosition('hammer-of-the-scots', game, 'battle');
  try {
    // A block whose face is shown: the name begins with what it shows ("Mar B2 2"), then says it in words.
    const blocks = page.locator('[data-testid=hammer-map] [data-testid=hammer-block]:not([data-block=""])');
    // The map draws its blocks once its chunk has loaded (later than the board's key line on a loaded machine).
    await blocks.first().waitFor();
    assert.ok(await blocks.count() > 0);
    const el = await blocks.first().elementHandle();
    const id = await el.getAttribute('data-block');
    const d = HAMMER_DATA.blocks.find((x) => x.id === id);
    const bv = view.areas.flatMap((a) => a.blocks).find((x) => x.id === id);
    const shown = await shownText(el);
    assert.match(shown, new RegExp(`${d.combat} ${d.move}$`), `the block shows fire and move: "${shown}"`);
    const a = await ax(cdp, page, el);
    assert.ok(['button', 'image'].includes(a.role), a.role);
    assert.ok(a.name.startsWith(`${shown}: ${d.name}, ${d.side}, strength ${bv.steps} of ${bv.max}, fire ${d.combat}, move ${d.move}`), a.name);
    // A face-down enemy block: its side letter, then its side in words.
    const hidden = page.locator('[data-testid=hammer-map] [data-testid=hammer-block][data-block=""]');
    if (await hidden.count()) {
      const h = await ax(cdp, page, await hidden.first().elementHandle());
      assert.match(h.name, /^[ES]: (England|Scotland) block, face down/);
    }
    // An area: its name and blocks, and as description every border with its kind.
    const area = view.battle.area;
    const path = await page.locator(`[data-testid=hammer-map] path[data-area="${area}"]`).elementHandle();
    const an = await ax(cdp, page, path);
    const areaName = HAMMER_DATA.areas.find((x) => x.id === area).name;
    assert.ok(an.name.startsWith(areaName), an.name);
    assert.match(an.name, /(England|Scotland) blocks: \d/);
    const borders = HAMMER_DATA.borders.filter((x) => x.areas.includes(area));
    assert.match(an.description, /^Borders: /);
    for (const bd of borders) {
      const other = HAMMER_DATA.areas.find((x) => x.id === (bd.areas[0] === area ? bd.areas[1] : bd.areas[0])).name;
      assert.ok(an.description.includes(`${other} (${bd.type === 'minor' ? 'minor border, must stop' : 'major border'}${bd.angloScottish ? ', Anglo-Scottish' : ''})`), `${other} in "${an.description}"`);
    }
    // The summary key reads the area in focus: blocks one by one, borders, what lies across them.
    await path.focus();
    await page.keyboard.press('i');
    const said = await page.getByTestId('board-readout').innerText();
    assert.ok(said.startsWith(areaName), said);
    assert.match(said, /Blocks: .*strength \d of \d.*Borders: .*Across the borders: /);
    t.diagnostic(`block: ${a.role} "${a.name}" | area: ${an.role} "${an.name}", described "${an.description}" | I: "${said.slice(0, 300)}"`);
    assert.deepEqual(errors, []);
  } finally { await ctx.close(); }
});

const SIDE_WORD = { N: 'north', E: 'east', S: 'south', W: 'west' };
const SIDES = ['N', 'E', 'S', 'W'];
/** "north: city, east: road, south: field, west: road" for tile `id` turned `rot` quarter turns clockwise, from the tile data. */
function sidesInWords(def, rot) {
  return SIDES.map((s, i) => `${SIDE_WORD[s]}: ${def.edges[SIDES[(i - rot + 4) % 4]]}`).join(', ');
}

test('issue 45, Carcassonne while placing: the tile in hand, a placed tile and a figure named by what they show', { skip, timeout: 90_000 }, async (t) => {
  const game = (await import('@tabula/carcassonne')).carcassonneGame;
  const { TILE_DEFS } = await import('@tabula/carcassonne');
  const { ctx, page, errors, cdp, view } = await openPosition('carcassonne', game, 'placing');
  try {
    const def = (id) => TILE_DEFS.find((x) => x.id === id);
    const hand = await ax(cdp, page, await page.getByTestId('carc-hand-tile').elementHandle());
    assert.equal(hand.role, 'image');
    assert.ok(hand.name.startsWith('Tile in hand: '), hand.name);
    assert.ok(hand.name.includes(sidesInWords(def(view.current), 0)), `${hand.name} / ${sidesInWords(def(view.current), 0)}`);
    assert.match(hand.name, /not turned$/);
    // The start tile (a city cap over a straight road), where it lies, as turned, with what it shows.
    const start = view.tiles.find((x) => x.x === 0 && x.y === 0);
    const placed = await ax(cdp, page, await page.locator('[data-testid=carc-tile][data-x="0"][data-y="0"]').elementHandle());
    assert.equal(placed.role, 'listitem');
    assert.ok(placed.name.startsWith('the tile at the start tile: '), placed.name);
    assert.ok(placed.name.includes(sidesInWords(def(start.id), start.rot)), placed.name);
    assert.ok(placed.name.includes(start.rot ? `turned ${start.rot * 90}° clockwise` : 'not turned'), placed.name);
    // Every tile on the table says where it is and how it is turned.
    const tiles = page.getByTestId('carc-tile');
    assert.equal(await tiles.count(), view.tiles.length);
    for (const tl of view.tiles.filter((x) => x.rot)) {
      const n = await ax(cdp, page, await page.locator(`[data-testid=carc-tile][data-x="${tl.x}"][data-y="${tl.y}"]`).elementHandle());
      assert.ok(n.name.includes(sidesInWords(def(tl.id), tl.rot)) && n.name.includes(`turned ${tl.rot * 90}°`), n.name);
    }
    // A figure: colour, figure and its role on the feature it stands on, never a bare letter.
    const f = view.figures[0];
    const fig = await ax(cdp, page, await page.locator('[data-testid=carc-figure]').first().elementHandle());
    assert.equal(fig.role, 'image');
    const as = { city: 'knight in the city', road: 'robber on the road', field: 'farmer in the field', cloister: 'monk in the cloister' }[f.featureKind];
    assert.ok(fig.name.startsWith(`${f.owner === 'red' ? 'Red' : 'Blue'} meeple, ${as}, on the tile at `), fig.name);
    t.diagnostic(`hand: "${hand.name}" | placed: "${placed.name}" | figure: "${fig.name}"`);
    // The summary key on an open place: its neighbours side by side.
    await page.getByTestId('carc-spot').first().focus();
    await page.keyboard.press('i');
    assert.match(await page.getByTestId('board-readout').innerText(), /^Place the tile at .*Next to .*north: .*east: .*south: .*west: /);
    assert.deepEqual(errors, []);
  } finally { await ctx.close(); }
});

test('issue 45, HACSE: units of both sides and hand cards named by what they show, symbols in words, in English and Chinese', { skip, timeout: 120_000 }, async (t) => {
  const game = (await import('@tabula/hacse')).hacseGame;
  const { CARDS } = await import('@tabula/hacse');
  // Attack with orders: the side to act commits units (buttons), the enemy's units are named groups.
  {
    const { ctx, page, errors, cdp, role } = await openPosition('hacse', game, 'attack with orders');
    try {
      const enemy = role === 'axis' ? 'allies' : 'axis';
      for (const side of [role, enemy]) {
        const unit = page.locator(`[data-testid=hacse-unit][data-side=${side}]`).first();
        const card = CARDS.get(await unit.getAttribute('data-card'));
        const shown = (await unit.locator('.hc-name').innerText()).trim();
        const target = (await unit.locator('button.hc-name').count()) ? unit.locator('button.hc-name') : unit;
        const n = await ax(cdp, page, await target.elementHandle());
        assert.ok(['button', 'group'].includes(n.role), `${side}: ${n.role}`);
        assert.ok(n.name.startsWith(shown), `${side}: "${n.name}" starts with "${shown}"`);
        assert.doesNotMatch(n.name, /[⚔◆➚▲]/, 'no symbols');
        assert.ok(n.name.includes(side === 'axis' ? 'Axis' : 'Allies'), n.name);
        if (card.damage) assert.ok(n.name.includes(`assault ${card.damage.assault}, manoeuvre ${card.damage.maneuver}, flank ${card.damage.flank}`) && n.name.includes(`armour ${card.armour ?? 0}`), n.name);
        // What the card shows in words is in its name too: its tags and its text.
        const shownTags = await unit.locator('.hc-tags .tag').allInnerTexts();
        for (const tg of shownTags) assert.ok(n.name.includes(tg), `${tg} in ${n.name}`);
        t.diagnostic(`${side} unit: ${n.role} "${n.name}"`);
      }
      assert.ok(await page.locator(`[data-testid=hacse-unit][data-side=${role}] button.hc-name`).count() > 0, 'a unit that can act is a button');
      await page.locator(`[data-testid=hacse-unit][data-side=${role}] button.hc-name`).first().focus();
      await page.keyboard.press('i');
      assert.match(await page.getByTestId('board-readout').innerText(), /Facing it: /);
      assert.deepEqual(errors, []);
    } finally { await ctx.close(); }
  }
  // A full hand, in Chinese: each card named by its name, kind and cost, as shown.
  {
    const { ctx, page, errors, cdp } = await openPosition('hacse', game, 'hand full', { locale: 'zh-CN' });
    try {
      const cards = page.getByTestId('hacse-hand-card');
      assert.ok(await cards.count() >= 9);
      for (let i = 0; i < await cards.count(); i++) {
        const c = cards.nth(i);
        const shown = (await c.locator('.hc-name').innerText()).trim();
        const kindLine = (await c.locator('.small.muted').first().innerText()).trim();
        const target = (await c.locator('button.hc-name').count()) ? c.locator('button.hc-name') : c;
        const n = await ax(cdp, page, await target.elementHandle());
        assert.ok(['button', 'group'].includes(n.role), n.role);
        assert.ok(n.name.startsWith(`${shown}：${kindLine}`), `"${n.name}" starts with "${shown}：${kindLine}"`);
        assert.doesNotMatch(n.name, /[⚔◆➚▲]/);
        if (CARDS.get(await c.getAttribute('data-card'))?.damage) assert.match(n.name, /突击\d，机动\d，侧翼\d/);
        if (i < 2) t.diagnostic(`hand card: ${n.role} "${n.name}"`);
      }
      assert.deepEqual(errors, []);
    } finally { await ctx.close(); }
  }
});
