package dev.joseki.notation;

import dev.joseki.rules.Piece;
import java.util.LinkedHashMap;
import java.util.Map;

/** The Japanese words of KIF, KI2 and BOD: squares, pieces, kanji numbers and handicap names. */
final class KifNames {
    static final String FILES = "１２３４５６７８９";
    static final String RANKS = "一二三四五六七八九";
    static final String KANJI_DIGITS = "一二三四五六七八九";

    /** Written piece names by type (index 1..14), as a writer uses them. */
    private static final String[] NAMES = {
        "", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "成香", "成桂", "成銀", "馬", "龍"
    };

    /** One-character names in BOD diagrams (promoted lance/knight/silver abbreviated). */
    private static final String[] BOD_NAMES = {
        "", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "杏", "圭", "全", "馬", "龍"
    };

    /** Handicap name -> start SFEN. The handicap giver is White and moves first. */
    static final Map<String, String> HANDICAPS = new LinkedHashMap<>();

    static {
        String rows = "/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1";
        HANDICAPS.put("香落ち", "lnsgkgsn1/1r5b1" + rows);
        HANDICAPS.put("右香落ち", "1nsgkgsnl/1r5b1" + rows);
        HANDICAPS.put("角落ち", "lnsgkgsnl/1r7" + rows);
        HANDICAPS.put("飛車落ち", "lnsgkgsnl/7b1" + rows);
        HANDICAPS.put("飛香落ち", "lnsgkgsn1/7b1" + rows);
        HANDICAPS.put("二枚落ち", "lnsgkgsnl/9" + rows);
        HANDICAPS.put("三枚落ち", "lnsgkgsn1/9" + rows);
        HANDICAPS.put("四枚落ち", "1nsgkgsn1/9" + rows);
        HANDICAPS.put("五枚落ち", "2sgkgsn1/9" + rows);
        HANDICAPS.put("左五枚落ち", "1nsgkgs2/9" + rows);
        HANDICAPS.put("六枚落ち", "2sgkgs2/9" + rows);
        HANDICAPS.put("左七枚落ち", "2sgkg3/9" + rows);
        HANDICAPS.put("右七枚落ち", "3gkgs2/9" + rows);
        HANDICAPS.put("八枚落ち", "3gkg3/9" + rows);
        HANDICAPS.put("十枚落ち", "4k4/9" + rows);
    }

    private KifNames() {}

    static String name(int type) {
        return NAMES[type];
    }

    static char bodName(int type) {
        return BOD_NAMES[type].charAt(0);
    }

    /** File 1..9 for a full-width or ASCII digit, else 0. */
    static int file(char c) {
        int i = FILES.indexOf(c);
        if (i >= 0) {
            return i + 1;
        }
        return c >= '1' && c <= '9' ? c - '0' : 0;
    }

    /** Rank 1..9 for a kanji numeral (or a digit), else 0. */
    static int rank(char c) {
        int i = RANKS.indexOf(c);
        if (i >= 0) {
            return i + 1;
        }
        return file(c);
    }

    /**
     * The piece type whose name starts text at {@code at}, or NONE; {@code length[0]} receives the
     * name's length. Accepts 王 and 玉, 龍 and 竜, and the one-character promoted names 杏 圭 全.
     */
    static int piece(String text, int at, int[] length) {
        if (at >= text.length()) {
            return Piece.NONE;
        }
        if (text.startsWith("成", at) && at + 1 < text.length()) {
            int t =
                    switch (text.charAt(at + 1)) {
                        case '香' -> Piece.PRO_LANCE;
                        case '桂' -> Piece.PRO_KNIGHT;
                        case '銀' -> Piece.PRO_SILVER;
                        default -> Piece.NONE;
                    };
            if (t != Piece.NONE) {
                length[0] = 2;
                return t;
            }
        }
        length[0] = 1;
        return switch (text.charAt(at)) {
            case '歩' -> Piece.PAWN;
            case '香' -> Piece.LANCE;
            case '桂' -> Piece.KNIGHT;
            case '銀' -> Piece.SILVER;
            case '金' -> Piece.GOLD;
            case '角' -> Piece.BISHOP;
            case '飛' -> Piece.ROOK;
            case '玉', '王' -> Piece.KING;
            case 'と' -> Piece.PRO_PAWN;
            case '杏' -> Piece.PRO_LANCE;
            case '圭' -> Piece.PRO_KNIGHT;
            case '全' -> Piece.PRO_SILVER;
            case '馬' -> Piece.HORSE;
            case '龍', '竜' -> Piece.DRAGON;
            default -> Piece.NONE;
        };
    }

    /**
     * Value of a kanji number 1..99 such as 四, 十, 十二, 二十 (also ASCII or full-width digits), or -1.
     */
    static int number(String s) {
        if (s.isEmpty() || s.length() > 3) {
            return -1;
        }
        if (s.chars().allMatch(c -> file((char) c) > 0 || c == '0' || c == '０')) {
            int v = 0;
            for (char c : s.toCharArray()) {
                v = v * 10 + (c == '0' || c == '０' ? 0 : file(c));
            }
            return v;
        }
        int ten = s.indexOf('十');
        if (ten < 0) {
            int d = s.length() == 1 ? KANJI_DIGITS.indexOf(s.charAt(0)) : -1;
            return d < 0 ? -1 : d + 1;
        }
        int tens = 1, ones = 0;
        if (ten == 1) {
            tens = KANJI_DIGITS.indexOf(s.charAt(0)) + 1;
        } else if (ten != 0) {
            return -1;
        }
        if (ten + 1 < s.length()) {
            if (ten + 2 != s.length()) {
                return -1;
            }
            ones = KANJI_DIGITS.indexOf(s.charAt(ten + 1)) + 1;
        }
        return tens <= 0 || ones < 0 || (ten + 1 < s.length() && ones == 0) ? -1 : tens * 10 + ones;
    }

    static String kanjiNumber(int n) {
        if (n <= 9) {
            return String.valueOf(KANJI_DIGITS.charAt(n - 1));
        }
        return (n >= 20 ? String.valueOf(KANJI_DIGITS.charAt(n / 10 - 1)) : "")
                + "十"
                + (n % 10 == 0 ? "" : String.valueOf(KANJI_DIGITS.charAt(n % 10 - 1)));
    }

    static String square(int file, int rank) {
        return "" + FILES.charAt(file - 1) + RANKS.charAt(rank - 1);
    }
}
