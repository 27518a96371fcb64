import type { SimulatedLeague } from './leagues'

/**
 * The clubs the simulator schedules: real names with ESPN's abbreviations, one line each ('NYY New York
 * Yankees'). A league needs at least two teams per game of its busiest day, so that no team plays twice on
 * one day (the schedule test checks it).
 */
export interface Team {
  name: string
  abbreviation: string
}

function roster(lines: string): Team[] {
  return lines
    .trim()
    .split('\n')
    .map((line) => {
      const [abbreviation = '', ...name] = line.trim().split(' ')
      return { abbreviation, name: name.join(' ') }
    })
}

const MLB = roster(`
  ARI Arizona Diamondbacks
  ATH Athletics
  ATL Atlanta Braves
  BAL Baltimore Orioles
  BOS Boston Red Sox
  CHC Chicago Cubs
  CHW Chicago White Sox
  CIN Cincinnati Reds
  CLE Cleveland Guardians
  COL Colorado Rockies
  DET Detroit Tigers
  HOU Houston Astros
  KC Kansas City Royals
  LAA Los Angeles Angels
  LAD Los Angeles Dodgers
  MIA Miami Marlins
  MIL Milwaukee Brewers
  MIN Minnesota Twins
  NYM New York Mets
  NYY New York Yankees
  PHI Philadelphia Phillies
  PIT Pittsburgh Pirates
  SD San Diego Padres
  SF San Francisco Giants
  SEA Seattle Mariners
  STL St. Louis Cardinals
  TB Tampa Bay Rays
  TEX Texas Rangers
  TOR Toronto Blue Jays
  WSH Washington Nationals
`)

const NFL = roster(`
  ARI Arizona Cardinals
  ATL Atlanta Falcons
  BAL Baltimore Ravens
  BUF Buffalo Bills
  CAR Carolina Panthers
  CHI Chicago Bears
  CIN Cincinnati Bengals
  CLE Cleveland Browns
  DAL Dallas Cowboys
  DEN Denver Broncos
  DET Detroit Lions
  GB Green Bay Packers
  HOU Houston Texans
  IND Indianapolis Colts
  JAX Jacksonville Jaguars
  KC Kansas City Chiefs
  LV Las Vegas Raiders
  LAC Los Angeles Chargers
  LAR Los Angeles Rams
  MIA Miami Dolphins
  MIN Minnesota Vikings
  NE New England Patriots
  NO New Orleans Saints
  NYG New York Giants
  NYJ New York Jets
  PHI Philadelphia Eagles
  PIT Pittsburgh Steelers
  SF San Francisco 49ers
  SEA Seattle Seahawks
  TB Tampa Bay Buccaneers
  TEN Tennessee Titans
  WSH Washington Commanders
`)

const NBA = roster(`
  ATL Atlanta Hawks
  BOS Boston Celtics
  BKN Brooklyn Nets
  CHA Charlotte Hornets
  CHI Chicago Bulls
  CLE Cleveland Cavaliers
  DAL Dallas Mavericks
  DEN Denver Nuggets
  DET Detroit Pistons
  GS Golden State Warriors
  HOU Houston Rockets
  IND Indiana Pacers
  LAC LA Clippers
  LAL Los Angeles Lakers
  MEM Memphis Grizzlies
  MIA Miami Heat
  MIL Milwaukee Bucks
  MIN Minnesota Timberwolves
  NO New Orleans Pelicans
  NY New York Knicks
  OKC Oklahoma City Thunder
  ORL Orlando Magic
  PHI Philadelphia 76ers
  PHX Phoenix Suns
  POR Portland Trail Blazers
  SAC Sacramento Kings
  SA San Antonio Spurs
  TOR Toronto Raptors
  UTAH Utah Jazz
  WSH Washington Wizards
`)

const NHL = roster(`
  ANA Anaheim Ducks
  BOS Boston Bruins
  BUF Buffalo Sabres
  CGY Calgary Flames
  CAR Carolina Hurricanes
  CHI Chicago Blackhawks
  COL Colorado Avalanche
  CBJ Columbus Blue Jackets
  DAL Dallas Stars
  DET Detroit Red Wings
  EDM Edmonton Oilers
  FLA Florida Panthers
  LA Los Angeles Kings
  MIN Minnesota Wild
  MTL Montreal Canadiens
  NSH Nashville Predators
  NJ New Jersey Devils
  NYI New York Islanders
  NYR New York Rangers
  OTT Ottawa Senators
  PHI Philadelphia Flyers
  PIT Pittsburgh Penguins
  SJ San Jose Sharks
  SEA Seattle Kraken
  STL St. Louis Blues
  TB Tampa Bay Lightning
  TOR Toronto Maple Leafs
  UTAH Utah Mammoth
  VAN Vancouver Canucks
  VGK Vegas Golden Knights
  WSH Washington Capitals
  WPG Winnipeg Jets
`)

const NCAAF = roster(`
  ALA Alabama Crimson Tide
  ARK Arkansas Razorbacks
  AUB Auburn Tigers
  BAY Baylor Bears
  CLEM Clemson Tigers
  FLA Florida Gators
  FSU Florida State Seminoles
  UGA Georgia Bulldogs
  IOWA Iowa Hawkeyes
  KSU Kansas State Wildcats
  UK Kentucky Wildcats
  LSU LSU Tigers
  MIA Miami Hurricanes
  MICH Michigan Wolverines
  MIZ Missouri Tigers
  NEB Nebraska Cornhuskers
  ND Notre Dame Fighting Irish
  OSU Ohio State Buckeyes
  OU Oklahoma Sooners
  OKST Oklahoma State Cowboys
  MISS Ole Miss Rebels
  ORE Oregon Ducks
  PSU Penn State Nittany Lions
  SC South Carolina Gamecocks
  TCU TCU Horned Frogs
  TENN Tennessee Volunteers
  TEX Texas Longhorns
  TA&M Texas A&M Aggies
  USC USC Trojans
  UTAH Utah Utes
  WASH Washington Huskies
  WIS Wisconsin Badgers
`)

const NCAAB = roster(`
  ALA Alabama Crimson Tide
  ARIZ Arizona Wildcats
  ARK Arkansas Razorbacks
  AUB Auburn Tigers
  BAY Baylor Bears
  CONN UConn Huskies
  CREI Creighton Bluejays
  DUKE Duke Blue Devils
  FLA Florida Gators
  GONZ Gonzaga Bulldogs
  HOU Houston Cougars
  ILL Illinois Fighting Illini
  IU Indiana Hoosiers
  ISU Iowa State Cyclones
  KU Kansas Jayhawks
  UK Kentucky Wildcats
  LOU Louisville Cardinals
  MARQ Marquette Golden Eagles
  MSU Michigan State Spartans
  UNC North Carolina Tar Heels
  PUR Purdue Boilermakers
  SDSU San Diego State Aztecs
  SJU St. John's Red Storm
  SYR Syracuse Orange
  TENN Tennessee Volunteers
  TTU Texas Tech Red Raiders
  UCLA UCLA Bruins
  VILL Villanova Wildcats
  UVA Virginia Cavaliers
  WIS Wisconsin Badgers
`)

const MLS = roster(`
  ATL Atlanta United FC
  ATX Austin FC
  MTL CF Montréal
  CLT Charlotte FC
  CHI Chicago Fire FC
  COL Colorado Rapids
  CLB Columbus Crew
  DC D.C. United
  CIN FC Cincinnati
  DAL FC Dallas
  HOU Houston Dynamo FC
  MIA Inter Miami CF
  LA LA Galaxy
  LAFC LAFC
  MIN Minnesota United FC
  NSH Nashville SC
  NE New England Revolution
  NYC New York City FC
  NY New York Red Bulls
  ORL Orlando City SC
  PHI Philadelphia Union
  POR Portland Timbers
  RSL Real Salt Lake
  SD San Diego FC
  SJ San Jose Earthquakes
  SEA Seattle Sounders FC
  SKC Sporting Kansas City
  STL St. Louis CITY SC
  TOR Toronto FC
  VAN Vancouver Whitecaps
`)

const EPL = roster(`
  ARS Arsenal
  AVL Aston Villa
  BOU AFC Bournemouth
  BRE Brentford
  BHA Brighton & Hove Albion
  BUR Burnley
  CHE Chelsea
  CRY Crystal Palace
  EVE Everton
  FUL Fulham
  LEE Leeds United
  LIV Liverpool
  MNC Manchester City
  MAN Manchester United
  NEW Newcastle United
  NFO Nottingham Forest
  SUN Sunderland
  TOT Tottenham Hotspur
  WHU West Ham United
  WOL Wolverhampton Wanderers
`)

const LALIGA = roster(`
  ALA Alavés
  ATH Athletic Club
  ATM Atlético Madrid
  BAR Barcelona
  CEL Celta Vigo
  ELC Elche
  ESP Espanyol
  GET Getafe
  GIR Girona
  LEV Levante
  MLL Mallorca
  OSA Osasuna
  RAY Rayo Vallecano
  BET Real Betis
  RMA Real Madrid
  OVI Real Oviedo
  RSO Real Sociedad
  SEV Sevilla
  VAL Valencia
  VIL Villarreal
`)

const BUNDESLIGA = roster(`
  FCA FC Augsburg
  LEV Bayer Leverkusen
  BAY Bayern Munich
  DOR Borussia Dortmund
  BMG Borussia Mönchengladbach
  SGE Eintracht Frankfurt
  KOE FC Cologne
  HSV Hamburg SV
  HEI 1. FC Heidenheim 1846
  HOF TSG Hoffenheim
  M05 Mainz
  RBL RB Leipzig
  SCF SC Freiburg
  STP St. Pauli
  FCU 1. FC Union Berlin
  VFB VfB Stuttgart
  WOB VfL Wolfsburg
  SVW Werder Bremen
`)

const SERIEA = roster(`
  MIL AC Milan
  ROMA AS Roma
  ATA Atalanta
  BOL Bologna
  CAG Cagliari
  COMO Como
  CRE Cremonese
  FIO Fiorentina
  GEN Genoa
  VER Hellas Verona
  INT Internazionale
  JUV Juventus
  LAZ Lazio
  LEC Lecce
  NAP Napoli
  PAR Parma
  PISA Pisa
  SASS Sassuolo
  TOR Torino
  UDI Udinese
`)

const LIGUE1 = roster(`
  AUX AJ Auxerre
  ANG Angers
  MON AS Monaco
  BRE Brest
  HAC Le Havre AC
  LENS Lens
  LIL Lille
  LOR Lorient
  LYON Lyon
  MAR Marseille
  MET Metz
  NAN Nantes
  NICE Nice
  PFC Paris FC
  PSG Paris Saint-Germain
  REN Stade Rennais
  STR Strasbourg
  TOU Toulouse
`)

const UCL = roster(`
  AJX Ajax
  ARS Arsenal
  MON AS Monaco
  ATA Atalanta
  ATH Athletic Club
  ATM Atlético Madrid
  BAR Barcelona
  LEV Bayer Leverkusen
  BAY Bayern Munich
  BEN Benfica
  DOR Borussia Dortmund
  CHE Chelsea
  BRU Club Brugge
  SGE Eintracht Frankfurt
  GAL Galatasaray
  INT Internazionale
  JUV Juventus
  LIV Liverpool
  MNC Manchester City
  NAP Napoli
  NEW Newcastle United
  OLY Olympiacos
  PSG Paris Saint-Germain
  PSV PSV Eindhoven
  RMA Real Madrid
  SCP Sporting CP
  TOT Tottenham Hotspur
  VIL Villarreal
`)

const UEL = roster(`
  ROMA AS Roma
  AVL Aston Villa
  BOL Bologna
  BRA Braga
  CEL Celtic
  DZG Dinamo Zagreb
  FEN Fenerbahçe
  FTC Ferencváros
  FEY Feyenoord
  POR FC Porto
  GNK Genk
  LIL Lille
  LYON Lyon
  MTA Maccabi Tel Aviv
  MID FC Midtjylland
  NICE Nice
  NFO Nottingham Forest
  PAOK PAOK Salonika
  PAO Panathinaikos
  RAN Rangers
  BET Real Betis
  RBS Red Bull Salzburg
  CZV Red Star Belgrade
  SCF SC Freiburg
  VFB VfB Stuttgart
  YB Young Boys
`)

export const TEAMS: Readonly<Record<SimulatedLeague, readonly Team[]>> = {
  MLB,
  NFL,
  NBA,
  NHL,
  NCAAF,
  NCAAB,
  MLS,
  EPL,
  LALIGA,
  BUNDESLIGA,
  SERIEA,
  LIGUE1,
  UCL,
  UEL,
}
