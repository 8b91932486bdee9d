#pragma once
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
