#!/usr/bin/env bash
# Regenerates the encoded fixtures from the UTF-8 sources here, with the C library's iconv.
set -euo pipefail
cd "$(dirname "$0")"
conv() { iconv -f UTF-8 -t "$2" "$1"; }
# Simplified Chinese, in GB18030/GBK and the Unicode encodings, with and without a BOM.
conv simplified.utf8.lrc GB18030 > simplified.gb18030.lrc
conv simplified.utf8.lrc GBK > simplified.gbk.lrc
{ printf '\xff\xfe'; conv simplified.utf8.lrc UTF-16LE; } > simplified.utf16le-bom.lrc
{ printf '\xfe\xff'; conv simplified.utf8.lrc UTF-16BE; } > simplified.utf16be-bom.lrc
conv simplified.utf8.lrc UTF-16LE > simplified.utf16le.lrc
conv simplified.utf8.lrc UTF-16BE > simplified.utf16be.lrc
{ printf '\xff\xfe\x00\x00'; conv simplified.utf8.lrc UTF-32LE; } > simplified.utf32le-bom.lrc
{ printf '\xef\xbb\xbf'; cat simplified.utf8.lrc; } > simplified.utf8-bom.lrc
# Traditional Chinese in Big5, French in Latin-1.
conv traditional.utf8.lrc BIG5 > traditional.big5.lrc
conv french.utf8.lrc ISO-8859-1 > french.latin1.lrc
# Mixed: a UTF-8 half and a GBK half in one file (broken, but seen in the wild).
{ cat french.utf8.lrc; conv simplified.utf8.lrc GBK; } > mixed.lrc
# Japanese in Shift_JIS (as Windows writes it, CP932) and EUC-JP, Korean in EUC-KR, Spanish with
# curly quotes and an ellipsis in windows-1252: the encodings real lyrics files come in.
conv japanese.utf8.lrc CP932 > japanese.shift_jis.lrc
conv japanese-euc.utf8.lrc EUC-JP > japanese.euc-jp.lrc
conv korean.utf8.lrc EUC-KR > korean.euc-kr.lrc
conv spanish.utf8.lrc WINDOWS-1252 > spanish.windows-1252.lrc
