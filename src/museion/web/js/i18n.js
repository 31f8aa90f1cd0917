// Every user-visible string of the browser client, so that a translation is one more table here.
const STRINGS = {
  en: {
    appTitle: "Museion",
    lobby: "Lobby",
    newTable: "New table",
    game: "Game",
    options: "Options",
    seats: "Seats",
    seat: "Seat {n}",
    human: "Human",
    bot: "Bot: {name}",
    yourName: "Your name",
    sitAt: "I sit at",
    nowhere: "nowhere (watch only)",
    create: "Create table",
    openTables: "Open tables (free seats)",
    runningTables: "Running tables",
    finishedTables: "Finished tables",
    none: "none",
    more: "More",
    join: "Join",
    joinSeat: "Join seat {n}",
    leave: "Leave my seat",
    watch: "Watch",
    open: "Open",
    replay: "Replay",
    free: "free",
    you: "you",
    moves: "{n} moves",
    players: "{n} players",
    status_open: "open",
    status_running: "running",
    status_finished: "finished",
    toMove: "{name} to move",
    yourTurn: "Your turn",
    waitingFor: "Waiting for {name}",
    gameOver: "Game over",
    spectating: "You are watching",
    playingAs: "You play seat {n} ({name})",
    connecting: "Connecting…",
    reconnecting: "Connection lost, reconnecting…",
    connected: "Connected",
    legalMoves: "Your legal moves",
    noMoves: "Not your turn",
    log: "Moves",
    chance: "chance",
    scores: "Scores",
    winner: "Winner: {names}",
    sharedVictory: "Shared victory: {names}",
    draw: "Draw",
    finalScoring: "Final scoring",
    rules: "Rules summary",
    board: "Board",
    chooseMove: "Choose the move",
    cancel: "Cancel",
    shareLink: "Invite link for seat {n}",
    copy: "Copy",
    error: "Error: {message}",
    rejected: "Move rejected: {message}",
    replayOf: "Replay",
    step: "Step {n} of {total}",
    first: "« First",
    prev: "◀ Back",
    next: "Forward ▶",
    last: "Last »",
    backToGame: "Back to final position",
    lobbyLink: "← Lobby",
    tableId: "Table {id}",
    notFound: "No such table",
    decline: "Decline extra action",
    quarry: "Quarry",
    workshop: "Workshop of {name}",
    temple: "Temple",
    column: "Location {loc}",
    ornament: "Ornament {n}",
    wonBy: "won by {name} ({pts})",
    playerN: "Player {n}",
    clickHint: "Click the board (or use the move list).",
    extraAt: "Extra action of location {loc}",
    viewAsData: "Table (as data)",
    market: "Market", drawPile: "draw pile", stonesTotal: "stones in all", ship: "Ship", minimum: "min.",
    space: "space", score: "Score", sled: "Sled", round: "Round", phase: "phase", roundCards: "round cards",
    wrath: "Wrath of the Pharaoh: −5 without a stone at each site", leverOrder: "Unload next (lever):",
    researchTrack: "Research track", galleries: "Galleries", museum: "Museum", coins: "coins", vp: "VP",
    supply: "supply", collections: "collections", building: "Collection being built", fundsCards: "Funds cards",
    calendar: "calendar", box: "box", raider: "tomb raider", turnN: "Turn {n}/12", stage: "stage",
    hiddenValue: "?", breakUp: "break up", cancelsLeft: "cancels left",
    typeV: "vase", typeJ: "jug", typeB: "bracelet", typeM: "mask", bag: "bag", chest: "chest",
    trackSpace: "{space}: {coins} coins requested, deepest gallery {deepest}",
    raiderSymbol: "tomb raider goes here when the funds cards show {cards}",
    raiderCards0: "2 bags", raiderCards1: "a bag and a chest", raiderCards2: "2 chests",
    markerTitle: "{name}: collection {marker} on museum space {space}",
    collectionTitle: "Collection {marker} on museum space {space}, value {value}: {finds}",
    ringCloses: "ring closes", valueShort: "value", layingOut: "Being laid out",
  },
};

let lang = "en";
try {
  const wanted = (localStorage.getItem("museion.lang") || navigator.language || "en").slice(0, 2);
  if (STRINGS[wanted]) lang = wanted;
} catch (_e) { /* no storage: English */ }

/** The text for `key` with `{name}` placeholders filled from `params`. */
export function t(key, params = {}) {
  const table = STRINGS[lang] || STRINGS.en;
  const text = table[key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_m, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/** The language of this page (sent to the server, which writes the log's event texts in it). */
export function currentLanguage() { return lang; }

/** Register another language (e.g. a Spanish table) at run time. */
export function addLanguage(code, strings) { STRINGS[code] = strings; }
