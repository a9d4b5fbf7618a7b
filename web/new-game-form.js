// The new-game form: the games, levels and handicaps the server offers, the
// fields a new game is asked for with, and the settings of the game on the
// board shown back in it (so that Start plays another like it and a reload
// says how this one was made). Every choice comes from /api/info.
const $ = (id) => document.getElementById(id);

// `gameInfo(name)`: the facts /api/info gives of a game; `onSubmit(event)`:
// the form's Start.
export function createNewGameForm({ gameInfo, onSubmit }) {
  // Who players 0 and 1 are, and the start's notation, differ by game.
  function updateStartHint() {
    const info = gameInfo($('game').value);
    const players = info.players ?? ['player 0', 'player 1'];
    $('side').options[0].textContent = `first (${players[0]}, player 0)`;
    $('side').options[1].textContent = `second (${players[1]}, player 1)`;
    $('start').placeholder = `${info.notation ?? 'position'} (empty: the start position)`;
    // The game's handicaps, from the server; the choice hidden where there are none.
    const handicaps = info.handicaps ?? [];
    const select = $('handicap');
    const chosen = select.value;
    select.replaceChildren(select.options[0]);
    for (const { name, label } of handicaps) {
      const option = document.createElement('option');
      option.value = name;
      option.textContent = label;
      select.append(option);
    }
    select.value = handicaps.some((h) => h.name === chosen) ? chosen : '';
    $('handicap-choice').hidden = handicaps.length === 0;
    updateHandicapHint();
  }

  // Seconds a move may be a fraction (the server takes any time above 0).
  function updateStrengthUnit() {
    $('strength').min = $('strength-unit').value === 'seconds' ? '0.05' : '1';
    $('strength-choice').hidden = $('level').value !== '' || $('clock-kind').value !== '';
    $('clock-main').hidden = $('clock-extra').hidden = $('clock-kind').value === '';
  }

  // A handicap game sets who moves first and where: the side and start fields rest.
  function updateHandicapHint() {
    const handicap = !$('handicap-choice').hidden && $('handicap').value !== '';
    $('side').disabled = $('start').disabled = handicap;
    if (handicap) $('side').value = '0';
  }

  function showEngine(text) {
    $('engine').textContent = $('engine').title = text ? `plays: ${text}` : '';
  }

  // The games and the named levels (1 a beginner's opponent, 8 the full
  // engine) of the server's /api/info.
  function fill(info) {
    const select = $('game');
    select.replaceChildren();
    for (const { name } of info.games ?? []) {
      const option = document.createElement('option');
      option.value = option.textContent = name;
      select.append(option);
    }
    if (info.game) select.value = info.game;
    showEngine(info.engine);
    updateStartHint();
    for (const { level, name, playouts } of info.levels ?? []) {
      const option = document.createElement('option');
      option.value = String(level);
      option.textContent = `${level}: ${name}` + (playouts > 0 ? ` (${playouts} playout${playouts > 1 ? 's' : ''})` : ' (1 s a move)');
      $('level').append(option);
    }
  }

  // The body of POST /api/games.
  function fields() {
    const fields = { game: $('game').value, takeback: $('takeback').checked };
    const handicap = $('handicap-choice').hidden ? '' : $('handicap').value;
    if (handicap) fields.handicap = handicap; // the side and the start are the handicap's
    const side = $('side').value;
    if (!handicap) fields.side = side === 'random' ? 'random' : Number(side);
    const level = Number($('level').value);
    if (level) fields.level = level; // the level sets the strength
    const strength = Number($('strength').value);
    if (!level && Number.isFinite(strength) && strength > 0) {
      if ($('strength-unit').value === 'seconds') fields.seconds = strength;
      else fields.playouts = Math.round(strength);
    }
    const clockKind = $('clock-kind').value;
    if (clockKind) {
      // The clock sets the engine's time: no strength, no take back.
      delete fields.seconds;
      delete fields.playouts;
      fields.clock = { main: Number($('clock-main').value) * 60, [clockKind]: Number($('clock-extra').value) };
    }
    const start = $('start').value.trim();
    if (start && !handicap) fields.start = start;
    return fields;
  }

  // The settings of the game on the board, and who plays in it.
  function show(state) {
    if ($('game').value !== state.game) $('game').value = state.game;
    updateStartHint();
    $('handicap').value = state.handicap ?? '';
    $('side').value = String(state.person);
    $('takeback').checked = !!state.takeback;
    $('level').value = state.level ? String(state.level) : '';
    const clock = state.clock;
    $('clock-kind').value = !clock ? '' : clock.increment > 0 ? 'increment' : 'byoyomi';
    if (clock) {
      $('clock-main').value = String(clock.main / 60000);
      $('clock-extra').value = String((clock.increment || clock.byoyomi) / 1000);
    }
    const seconds = state.seconds > 0;
    $('strength-unit').value = seconds ? 'seconds' : 'playouts';
    $('strength').value = String(seconds ? state.seconds : state.playouts);
    updateStrengthUnit();
    updateHandicapHint();
    if (state.engine) showEngine(state.engine);
  }

  $('new-game').addEventListener('submit', onSubmit);
  $('game').addEventListener('change', updateStartHint);
  $('handicap').addEventListener('change', updateHandicapHint);
  $('strength-unit').addEventListener('change', updateStrengthUnit);
  $('level').addEventListener('change', updateStrengthUnit);
  $('clock-kind').addEventListener('change', updateStrengthUnit);
  return { fill, fields, show };
}
