#pragma once
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswresample/swresample.h>
#include <libavutil/avutil.h>
#include <libavutil/opt.h>
#include <libavutil/channel_layout.h>
#include <libavutil/error.h>

// AVERROR(e) and AVERROR_EOF are macros Swift cannot import; expose them as functions.
static inline int lyricpip_averror(int e) { return AVERROR(e); }
static inline int lyricpip_averror_eof(void) { return AVERROR_EOF; }
